import { NotFoundPage } from '../../features/errors';
import { FileViewerPage, preloadPdf } from '../../features/viewer';

/** Warms what opening a PDF needs (pdf.js and its worker thread), so the first "Open" does not wait for it. */
export const preloadViewer = preloadPdf;

/** The in-app viewer, with the app's page for a file the caller may not view (docs/architecture.md: composed in app/). */
export default function FileViewerWithNotFound() {
  return <FileViewerPage notFound={<NotFoundPage embedded />} />;
}
