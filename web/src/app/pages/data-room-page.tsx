import { useEffect } from 'react';
import { useParams } from 'react-router';
import { LoadOnOpen } from '../../components/load-on-open';
import { useRetryAnalysis } from '../../features/ai';
import { DataRoomPage, type DataRoomMode } from '../../features/dataroom';
import { lazyPage } from '../../lib/lazy-page';
import { useReadsInFlight } from '../../lib/query';

// A file row's AI review and Edit File load on their first opening, asked for ahead as the row's menu
// button is pointed at or focused: most visits open neither (decision 67, issue 33). Their own modules, not
// the features' index: Rollup keeps every export of a dynamically imported module, and the index's would
// split the deal layout's and the dashboard's chunks into more files.
const AiReviewDialog = lazyPage(() =>
  import('../../features/ai/components/ai-review-dialog').then((m) => ({ default: m.AiReviewDialog })),
);
const EditFileDialog = lazyPage(() =>
  import('../../features/files/components/edit-file-dialog').then((m) => ({ default: m.EditFileDialog })),
);
const preloadRowDialogs = () => {
  AiReviewDialog.preload().catch(() => undefined);
  EditFileDialog.preload().catch(() => undefined);
};

/** The data room with what its file rows open of the AI and files features (docs/architecture.md: composed in app/). */
export default function DataRoomWithFileTools({ mode }: { mode: DataRoomMode }) {
  const { dealId = '' } = useParams();
  const retry = useRetryAnalysis(dealId);
  const readsInFlight = useReadsInFlight();
  useEffect(() => preloadViewerWhenIdle(readsInFlight), [readsInFlight]);
  return (
    <DataRoomPage
      mode={mode}
      slots={{
        retryingFileId: retry.isPending ? (retry.variables ?? null) : null,
        onRetry: (fileId) => retry.mutate(fileId),
        reviewDialog: (fileId, onClose) => (
          <LoadOnOpen open={fileId !== null}>
            <AiReviewDialog dealId={dealId} fileIds={fileId ? [fileId] : []} open={fileId !== null} onClose={onClose} />
          </LoadOnOpen>
        ),
        editDialog: (file, onClose) => (
          <LoadOnOpen open={file !== null}>
            <EditFileDialog dealId={dealId} file={file} onClose={onClose} />
          </LoadOnOpen>
        ),
        preloadRowDialogs,
      }}
    />
  );
}

/** Wider than this, rows have their "Open" button (the rows' `md` breakpoint, 48rem). */
const OPEN_BUTTON_SHOWN = '(min-width: 48em)';

/**
 * How long the data room is left to its first click before the viewer is warmed: a click on a folder the
 * moment the rows appeared shared two cores with the viewer's code compiling and pdf.js's worker starting,
 * and its rows came ~60 ms later (decision 71).
 */
export const VIEWER_WARM_DELAY_MS = 700;

/**
 * Once the data room has its rows and the page is idle, loads the viewer's code and starts pdf.js's worker,
 * so a click on "Open" shows the document without waiting for them (issue 34). Only where rows show "Open"
 * and the browser has workers (not on phones, not in tests). While a read is still in flight it waits for
 * the next idle moment: the page is idle too while it waits for the network, and the viewer's 350 KB
 * would then share HTTP/1.1's six connections with the listing itself.
 */
export function preloadViewerWhenIdle(readsInFlight: () => number, warm = warmViewer) {
  if (typeof Worker === 'undefined' || !window.matchMedia?.(OPEN_BUTTON_SHOWN).matches) return;
  let cancel = () => {};
  const whenIdle = (then: () => void) => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(then, { timeout: 3000 });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      // Safari has no requestIdleCallback.
      const timer = setTimeout(then, 1000);
      cancel = () => clearTimeout(timer);
    }
  };
  const attempt = () => (readsInFlight() > 0 ? whenIdle(attempt) : warm());
  const delay = setTimeout(() => whenIdle(attempt), VIEWER_WARM_DELAY_MS);
  cancel = () => clearTimeout(delay);
  return () => cancel();
}

const warmViewer = () => void import('./file-viewer-page').then((page) => page.preloadViewer()).catch(() => undefined);
