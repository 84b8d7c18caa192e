// What app/ composes of files: the file's page and the data room's Edit File dialog. Shared helpers live
// in lib/ and components/ (file URLs, display, uploads, downloads, the file icon, the AI status badge).
export { EditFileDialog } from './components/edit-file-dialog';
export { FileDetailPage, type FileAiSlots } from './file-detail-page';
