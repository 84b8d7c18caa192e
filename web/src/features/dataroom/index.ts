// What app/ composes of the data room. Shared pieces live below the features: keys and links in
// lib/data-room-keys.ts and lib/file-urls.ts, the one way to upload a file in lib/file-upload.ts.
export { DataRoomPage, type DataRoomMode, type DataRoomSlots } from './data-room-page';
