// What other features may use of files: the file calls, types, formatting and badges.
export { archiveFile, deleteFile, downloadFile, uploadNewVersion } from './api';
export { forgetSavedUploads, interruptedUploads, uploadResumably, type InterruptedUpload } from './transport';
export { fileSizeOf, type FileSummary } from './types';
export { fileExtensionOf, formatKilobytes } from './format';
export { FileIcon } from './components/file-icon';
export { AiStatusBadge } from './components/status-badges';
export { EditFileDialog } from './components/edit-file-dialog';
