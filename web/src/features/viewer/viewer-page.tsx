import { Box, Flex, HStack, Skeleton, Stack } from '@chakra-ui/react';
import { FileWarning } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadFailed } from '../../components/load-failed';
import { ApiError } from '../../lib/api/client';
import { fileUrl } from '../../lib/file-urls';
import { useDownloadDocument } from './api/download-document';
import { useViewAnalytics } from './api/view-analytics';
import { useViewerSource, type ViewerSource } from './api/viewer-source';
import { ImageView } from './components/image-view';
import { PreviewState } from './components/preview-state';
import { TextView } from './components/text-view';
import { ViewerHeader } from './components/viewer-header';
import { preloadPdf } from './pdf/load-pdf';
import { PdfViewer } from './pdf/pdf-viewer';

export const PRINT_BLOCKED_TEXT = 'Printing is not available for this document.';

/** A fresh source URL is asked for at most this often; a URL failing sooner is an error, not an expiry. */
const MIN_REFRESH_MS = 5000;

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** The screen fills the window below the deal's header and tabs, whatever their height. */
function useFillHeight() {
  const ref = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el) setTop(Math.max(0, el.getBoundingClientRect().top + window.scrollY));
  }, []);
  return { ref, height: `calc(100dvh - ${top}px)` };
}

function ViewerSkeleton() {
  return (
    <Stack gap="0" h="full" data-testid="viewer-loading">
      <HStack px="4" py="2" borderBottomWidth="1px" gap="3">
        <Skeleton h="8" w="20" />
        <Skeleton h="6" w="64" maxW="50%" />
      </HStack>
      <Box flex="1" bg="bg.muted" p="6">
        <Skeleton h="full" maxW="3xl" mx="auto" rounded="sm" />
      </Box>
    </Stack>
  );
}

function DocumentBody({
  source,
  page,
  onPageChange,
  onExpired,
  downloading,
  onDownload,
}: {
  source: ViewerSource;
  page: number;
  onPageChange: (page: number) => void;
  onExpired: () => void;
  downloading: boolean;
  onDownload: () => void;
}) {
  const protect = source.watermarked;
  const url = source.source_url;
  if (source.render_as === 'none' || !url)
    return <PreviewState source={source} downloading={downloading} onDownload={onDownload} />;
  if (source.render_as === 'pdf') {
    return <PdfViewer url={url} initialPage={page} protect={protect} onPageChange={onPageChange} onExpired={onExpired} />;
  }
  if (source.render_as === 'image') return <ImageView url={url} name={source.filename} protect={protect} onFailed={onExpired} />;
  return <TextView url={url} kind={source.render_as} protect={protect} onExpired={onExpired} />;
}

/**
 * The in-app viewer at /deals/:dealId/files/:fileId/view[?version=n&page=n] (docs/architecture.md "The
 * viewer"): a file read inside the deal, by its short-lived signed URL; a file the caller may not view is
 * `notFound` (the app's page for a missing one).
 */
export function FileViewerPage({ notFound }: { notFound: ReactNode }) {
  const { dealId = '', fileId = '' } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const version = positive(params.get('version'));
  const [page, setPage] = useState(() => positive(params.get('page')) ?? 1);
  const source = useViewerSource(dealId, fileId, version);
  const download = useDownloadDocument(dealId, fileId, version);
  const fill = useFillHeight();
  const data = source.data;

  // Most documents in a data room are PDFs or converted to PDF: pdf.js loads beside the details request.
  useEffect(preloadPdf, []);

  useViewAnalytics({
    dealId,
    fileId,
    version: data?.version_number ?? null,
    page,
    enabled: Boolean(data && data.render_as !== 'none' && data.source_url),
  });

  const onPageChange = useCallback(
    (n: number) => {
      setPage(n);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (n > 1) next.set('page', String(n));
          else next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const [failedAgain, setFailedAgain] = useState(false);
  const { refetch, dataUpdatedAt } = source;
  const onExpired = useCallback(() => {
    if (Date.now() - dataUpdatedAt < MIN_REFRESH_MS) setFailedAgain(true);
    else void refetch();
  }, [dataUpdatedAt, refetch]);

  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(fileUrl(dealId, fileId));
  };

  const notFoundError = source.error instanceof ApiError && (source.error.status === 404 || source.error.status === 400);
  if (notFoundError) return <>{notFound}</>;

  let content: ReactNode;
  if (source.isPending) content = <ViewerSkeleton />;
  else if (source.isError || failedAgain) {
    content = (
      <Box py="16">
        <LoadFailed
          icon={<FileWarning />}
          title="The document could not be opened"
          query={{
            error: source.error,
            refetch: () => {
              setFailedAgain(false);
              void refetch();
            },
          }}
        />
      </Box>
    );
  } else {
    const viewOnly = source.data.watermarked;
    content = (
      <Flex direction="column" h="full" minH="0">
        <ViewerHeader
          filename={source.data.filename}
          version={source.data.version_number}
          viewOnly={viewOnly}
          canDownload={source.data.can_download}
          downloading={download.isPending}
          onBack={back}
          onDownload={() => download.mutate()}
        />
        <Box flex="1" minH="0" data-testid="viewer-document" css={viewOnly ? { '@media print': { display: 'none' } } : undefined}>
          <DocumentBody
            // A fresh URL for the same version keeps the reader where they were.
            key={`${source.data.file_id}:${source.data.version_number}`}
            source={source.data}
            page={page}
            onPageChange={onPageChange}
            onExpired={onExpired}
            downloading={download.isPending}
            onDownload={() => download.mutate()}
          />
        </Box>
        {viewOnly && (
          <Box display="none" p="8" textAlign="center" css={{ '@media print': { display: 'block' } }} data-testid="print-blocked">
            {PRINT_BLOCKED_TEXT}
          </Box>
        )}
      </Flex>
    );
  }

  return (
    <Box ref={fill.ref} h={fill.height} minH="80" overflow="hidden" data-testid="file-viewer">
      {content}
    </Box>
  );
}
