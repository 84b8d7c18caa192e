import { Box, Card, Stack } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageContainer } from '../../components/layout/page-container';
import { PageSpinner } from '../../components/spinners';
import { ApiError, errorDetail } from '../../lib/api/client';
import { notify } from '../../lib/toast';
import { AiReviewDialog, useRetryAnalysis } from '../ai';
import { EditFileDialog, type FileSummary } from '../files';
import { useDataRoomSearch, useFolder, useFolderListing } from './api/data-room-reads';
import { useCreateFolder, useDownloadListedFile, type PendingRemoval } from './api/folder-and-file-actions';
import { DataRoomHeader } from './components/data-room-header';
import { RemoveItemDialog } from './components/remove-item-dialog';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { browserActions, fileRowActions } from './capabilities';
import { CreateFolderDialog } from './components/create-folder-dialog';
import { ImportFolderDialog } from './components/import-folder-dialog';
import { FileRow, FolderRow, ListHeader, ROW_HEIGHT } from './components/rows';
import { FolderNotFound, FolderProblem } from './components/status-views';
import { DataRoomSearch, DropOverlay, EmptyListing } from './components/browser-parts';
import { useFolderUploads } from './upload/use-folder-uploads';
import { UploadFilesDialog } from './components/upload-files-dialog';
import { VirtualList } from './components/virtual-list';
import { fileUrl, folderUrl, isUuid, pathFromPathname } from './paths';
import type { Capability, Folder, FolderListing } from './types';
import { UploadOverlay } from './upload/upload-overlay';
import { InterruptedUploadsNotice } from './upload/interrupted-uploads-notice';
import { useLoadErrorToast } from '../../lib/use-load-error-toast';

export type DataRoomMode = 'root' | 'path' | 'folder';

const SEARCH_DEBOUNCE_MS = 300;

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : 0);

type Row = { kind: 'folder'; folder: Folder } | { kind: 'file'; file: FileSummary };

/**
 * The file browser behind every data-room route (docs/product.md §2 Data room): the root, a path, or a folder id.
 */
export function DataRoomPage({ mode }: { mode: DataRoomMode }) {
  const { dealId = '', folderId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const byId = mode === 'folder';

  const folder = useFolder(dealId, folderId, { enabled: byId && isUuid(folderId) });

  const goRoot = () => navigate(folderUrl(dealId, '/'));
  const folderStatus = statusOf(folder.error);
  useEffect(() => {
    if (folder.isError && ![400, 403, 404].includes(folderStatus)) {
      notify.error('Failed to load files', errorDetail(folder.error, '') || undefined);
    }
  }, [folder.isError, folder.error, folderStatus]);

  if (byId) {
    if (!isUuid(folderId)) {
      return (
        <PageContainer>
          <FolderNotFound byId onRoot={goRoot} />
        </PageContainer>
      );
    }
    if (folder.isError) return <FolderProblem error={folder.error} byId onRoot={goRoot} />;
    if (folder.isPending) return <PageSpinner label="Loading files..." />;
  }

  const path = mode === 'root' ? '/' : mode === 'path' ? pathFromPathname(pathname) : (folder.data?.full_path ?? '/');
  return <FolderBrowser key={`${dealId}:${path}`} dealId={dealId} path={path} byId={byId} />;
}

function FolderBrowser({ dealId, path, byId }: { dealId: string; path: string; byId: boolean }) {
  const navigate = useNavigate();

  const listing = useFolderListing(dealId, path);

  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const searching = q.length > 0;
  const results = useDataRoomSearch(dealId, q);

  const [dialog, setDialog] = useState<'create' | 'upload' | 'import' | null>(null);
  const [pending, setPending] = useState<PendingRemoval | null>(null);
  const [reviewing, setReviewing] = useState<string | null>(null);
  const [editingFile, setEditingFile] = useState<FileSummary | null>(null);

  const status = statusOf(listing.error);
  const knownFailure = status === 404 || status === 403 || status === 400;
  useLoadErrorToast(listing.isError && !knownFailure, 'Failed to load files', listing.error);
  useLoadErrorToast(results.isError, 'Failed to load files', results.error);

  const capabilities: Capability[] = listing.data?.capabilities ?? [];
  const actions = browserActions(capabilities);

  const create = useCreateFolder(dealId, path, () => setDialog(null));
  const {
    queue,
    state: uploadState,
    startUpload,
    startImport,
    dropzone,
  } = useFolderUploads(
    dealId,
    path,
    { upload: actions.upload, editFolders: actions.editFolders, ready: Boolean(listing.data) },
    () => setDialog(null),
  );

  const download = useDownloadListedFile(dealId);
  const retryAi = useRetryAnalysis(dealId);

  const rows: Row[] = useMemo(() => {
    const source: Pick<FolderListing, 'folders' | 'files'> | undefined = searching ? results.data : listing.data;
    if (!source) return [];
    return [
      ...source.folders.map((f) => ({ kind: 'folder' as const, folder: f })),
      ...source.files.map((f) => ({ kind: 'file' as const, file: f })),
    ];
  }, [searching, results.data, listing.data]);

  if (listing.isError) return <FolderProblem error={listing.error} byId={byId} onRoot={() => navigate(folderUrl(dealId, '/'))} />;
  const data = listing.data;
  if (!data) return <PageSpinner label="Loading files..." />;
  const current = data.folder;
  const title = current?.name ?? 'Data Room';

  const renderRow = (index: number) => {
    const row = rows[index];
    if (!row) return null;
    if (row.kind === 'folder') {
      const f = row.folder;
      return (
        <FolderRow
          folder={f}
          to={folderUrl(dealId, f.full_path)}
          canEdit={actions.editFolders}
          showLocation={searching}
          onArchive={() => setPending({ action: 'archive-folder', folder: f })}
          onDelete={() => setPending({ action: 'delete-folder', folder: f })}
        />
      );
    }
    const file = row.file;
    return (
      <FileRow
        file={file}
        to={fileUrl(dealId, file.id)}
        actions={fileRowActions(file)}
        showLocation={searching}
        retrying={retryAi.isPending && retryAi.variables === file.id}
        onOpen={() => navigate(fileUrl(dealId, file.id))}
        onDownload={() => download.mutate(file)}
        onEdit={() => setEditingFile(file)}
        onArchive={() => setPending({ action: 'archive-file', file })}
        onDelete={() => setPending({ action: 'delete-file', file })}
        onReview={() => setReviewing(file.id)}
        onRetry={() => retryAi.mutate(file.id)}
      />
    );
  };

  const folders = data.folders.length;
  const files = data.file_count;
  // Near the end of what is loaded, the next page of files is read (a level can hold tens of thousands).
  const loadMore =
    !searching && listing.hasNextPage && !listing.isFetchingNextPage ? () => void listing.fetchNextPage() : undefined;

  return (
    <PageContainer>
      <Stack gap="5">
        <DataRoomHeader
          dealId={dealId}
          path={path}
          folderId={current?.id}
          title={title}
          breadcrumbs={data.breadcrumbs}
          folders={folders}
          files={files}
          actions={actions}
          onCreate={() => setDialog('create')}
          onImport={() => setDialog('import')}
          onUpload={() => setDialog('upload')}
        />

        {actions.upload && <InterruptedUploadsNotice dealId={dealId} refreshKey={uploadState.phase} />}

        <Card.Root variant="outline" bg="bg" overflow="hidden">
          <DataRoomSearch
            search={search}
            setSearch={setSearch}
            query={q}
            fetching={results.isFetching}
            found={results.data ? results.data.folders.length + results.data.files.length : undefined}
          />

          <Box position="relative" {...dropzone.getRootProps()} outline="none" data-testid="drop-zone">
            {actions.upload && <input {...dropzone.getInputProps()} aria-label="Drop files here" />}
            {rows.length > 0 && <ListHeader />}
            {searching && !results.data ? (
              <PageSpinner label="Searching..." />
            ) : rows.length > 0 ? (
              <VirtualList
                count={rows.length}
                rowHeight={ROW_HEIGHT}
                renderRow={renderRow}
                onNearEnd={loadMore}
                label={searching ? 'Search results' : `Contents of ${title}`}
              />
            ) : (
              <EmptyListing
                query={q}
                canUpload={actions.upload}
                seesOnlyOwnFiles={actions.seesOnlyOwnFiles}
                onUpload={() => setDialog('upload')}
              />
            )}
            {dropzone.isDragActive && <DropOverlay title={title} />}
          </Box>
        </Card.Root>
      </Stack>

      <EditFileDialog dealId={dealId} file={editingFile} onClose={() => setEditingFile(null)} />
      <AiReviewDialog
        dealId={dealId}
        fileIds={reviewing ? [reviewing] : []}
        open={reviewing !== null}
        onClose={() => setReviewing(null)}
      />
      <CreateFolderDialog
        open={dialog === 'create'}
        path={path}
        loading={create.isPending}
        onClose={() => setDialog(null)}
        onCreate={(name) => create.mutate(name)}
      />
      <UploadFilesDialog open={dialog === 'upload'} path={path} onClose={() => setDialog(null)} onUpload={startUpload} />
      <ImportFolderDialog open={dialog === 'import'} path={path} onClose={() => setDialog(null)} onImport={startImport} />
      <UploadOverlay
        state={uploadState}
        onCancel={() => queue.cancel()}
        onClose={() => queue.reset()}
        onRetry={() => queue.retryFailed()}
        onResolve={(id, choice) => queue.resolve(id, choice)}
        onResolveAll={(choice) => queue.resolveAll(choice)}
      />
      <RemoveItemDialog dealId={dealId} pending={pending} onClose={() => setPending(null)} />
    </PageContainer>
  );
}

export default DataRoomPage;
