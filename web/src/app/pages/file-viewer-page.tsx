import { NotFoundPage } from '../../features/errors';
import { FileViewerPage } from '../../features/viewer';

/** The in-app viewer, with the app's page for a file the caller may not view (docs/architecture.md: composed in app/). */
export default function FileViewerWithNotFound() {
  return <FileViewerPage notFound={<NotFoundPage embedded />} />;
}
