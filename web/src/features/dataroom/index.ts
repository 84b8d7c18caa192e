// What app/ composes of the data room, and what the checklist still imports here (the one way to upload a
// file; its system-file filter) until it moves. Keys and links moved down: lib/data-room-keys.ts, lib/file-urls.ts.
export { dataRoomKeys } from '../../lib/data-room-keys';
export { fileUrl, folderUrl } from '../../lib/file-urls';
export { uploadFile } from './upload/uploader';
export { isSystemFile } from './upload/plan';
export { DataRoomPage, type DataRoomMode, type DataRoomSlots } from './data-room-page';
