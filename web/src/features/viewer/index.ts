export { FileViewerPage } from './viewer-page';
