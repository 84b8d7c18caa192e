// What other features may use of the data room: its query keys and folder links.
export { dataRoomKeys } from './api';
export { folderUrl } from './paths';
