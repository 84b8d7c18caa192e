export { FileViewerPage } from './viewer-page';
export { preloadPdf } from './pdf/load-pdf';
export { prefetchViewerSourceFor } from './api/viewer-source';
