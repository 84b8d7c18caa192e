// What other features may use of the data room: its query keys, links to folders and files, and the
// one way to upload a file.
export { dataRoomKeys } from './api';
export { fileUrl, folderUrl } from './paths';
export { uploadFile } from './upload/uploader';
export { isSystemFile } from './upload/plan';
