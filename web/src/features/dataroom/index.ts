// What other features may use of the data room: its query keys and links to folders and files.
export { dataRoomKeys } from './api';
export { fileUrl, folderUrl } from './paths';
