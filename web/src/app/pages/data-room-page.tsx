import { useEffect } from 'react';
import { useParams } from 'react-router';
import { AiReviewDialog, useRetryAnalysis } from '../../features/ai';
import { DataRoomPage, type DataRoomMode } from '../../features/dataroom';
import { EditFileDialog } from '../../features/files';

/** The data room with what its file rows open of the AI and files features (docs/architecture.md: composed in app/). */
export default function DataRoomWithFileTools({ mode }: { mode: DataRoomMode }) {
  const { dealId = '' } = useParams();
  const retry = useRetryAnalysis(dealId);
  useEffect(preloadViewerWhenIdle, []);
  return (
    <DataRoomPage
      mode={mode}
      slots={{
        retryingFileId: retry.isPending ? (retry.variables ?? null) : null,
        onRetry: (fileId) => retry.mutate(fileId),
        reviewDialog: (fileId, onClose) => (
          <AiReviewDialog dealId={dealId} fileIds={fileId ? [fileId] : []} open={fileId !== null} onClose={onClose} />
        ),
        editDialog: (file, onClose) => <EditFileDialog dealId={dealId} file={file} onClose={onClose} />,
      }}
    />
  );
}

/** Wider than this, rows have their "Open" button (the rows' `md` breakpoint, 48rem). */
const OPEN_BUTTON_SHOWN = '(min-width: 48em)';

/**
 * Once the data room has painted and the page is idle, loads the viewer's code and starts pdf.js's worker,
 * so a click on "Open" shows the document without waiting for them (issue 34). Only where rows show "Open"
 * and the browser has workers (not on phones, not in tests).
 */
function preloadViewerWhenIdle() {
  if (typeof Worker === 'undefined' || !window.matchMedia?.(OPEN_BUTTON_SHOWN).matches) return;
  const warm = () => void import('./file-viewer-page').then((page) => page.preloadViewer()).catch(() => undefined);
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(warm, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  // Safari has no requestIdleCallback.
  const timer = setTimeout(warm, 1000);
  return () => clearTimeout(timer);
}
