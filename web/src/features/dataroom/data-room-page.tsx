import { Box, Card, Stack } from '@chakra-ui/react';
import { useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageContainer } from '../../components/layout/page-container';
import { PageSpinner } from '../../components/spinners';
import { LoadOnOpen } from '../../components/load-on-open';
import { fileUrl, fileViewerUrl, folderUrl, isUuid, pathFromPathname, searchUrl } from '../../lib/file-urls';
import type { FileSummary } from '@contracts/files';
import { useCreateFolder } from './api/create-folder';
import { useDownloadListedFile } from './api/download-listed-file';
import { useFolder } from './api/get-folder';
import { useFolderListing } from './api/list-folder';
import type { PendingRemoval } from './api/remove-item';
import { useDataRoomSearch } from './api/search-data-room';
import { DataRoomHeader } from './components/data-room-header';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { browserActions, fileRowActions } from './capabilities';
import { FileRow } from './components/file-row';
import { FolderRow } from './components/folder-row';
import { ListHeader, ROW_HEIGHT } from './components/row-layout';
import { FolderNotFound, FolderProblem } from './components/status-views';
import { DataRoomSearch } from './components/data-room-search';
import { DropOverlay } from './components/drop-overlay';
import { EmptyListing } from './components/empty-listing';
import { useFolderUploads } from './upload/use-folder-uploads';
import { VirtualList } from './components/virtual-list';
import { ExportDialog, FolderActionDialogs, preloadDialog, RemoveItemDialog, UploadOverlay } from './components/lazy-dialogs';
import type { Capability, Folder, FolderListing } from './types';
import type { ExportStarted } from '@contracts/exports';
import { useStartExport } from './api/start-export';
import { ExportBar } from './components/export-bar';
import { useSelection } from './selection';
import { InterruptedUploadsNotice } from './upload/interrupted-uploads-notice';

export type DataRoomMode = 'root' | 'path' | 'folder';

const SEARCH_DEBOUNCE_MS = 300;

type Row = { kind: 'folder'; folder: Folder } | { kind: 'file'; file: FileSummary };

/**
 * What a file row opens of other features, composed in app/ (docs/architecture.md: features side by side):
 * the retry of a failed AI analysis, the AI review of one file, and Edit File.
 */
export interface DataRoomSlots {
  /** The file whose analysis is being started again, if any. */
  retryingFileId: string | null;
  onRetry: (fileId: string) => void;
  reviewDialog: (fileId: string | null, onClose: () => void) => ReactNode;
  editDialog: (file: FileSummary | null, onClose: () => void) => ReactNode;
  /** Starts loading the review and edit dialogs, as a file row's menu button is pointed at or focused. */
  preloadRowDialogs: () => void;
}

/**
 * The file browser behind every data-room route (docs/product.md §2 Data room): the root, a path, or a folder id.
 */
export function DataRoomPage({ mode, slots }: { mode: DataRoomMode; slots: DataRoomSlots }) {
  const { dealId = '', folderId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const byId = mode === 'folder';

  const folder = useFolder(dealId, folderId, { enabled: byId && isUuid(folderId), toast: true });

  const goRoot = () => navigate(folderUrl(dealId, '/'));

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
  return <FolderBrowser key={`${dealId}:${path}`} dealId={dealId} path={path} byId={byId} slots={slots} />;
}

function FolderBrowser({ dealId, path, byId, slots }: { dealId: string; path: string; byId: boolean; slots: DataRoomSlots }) {
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
    preloadDialog.overlay,
  );

  const download = useDownloadListedFile(dealId);
  // "Download as ZIP" of the selected rows and "Download folder" (decision 48): for members who may download.
  const canExport = capabilities.includes('download');
  const { selection, count: selected, toggleFile, toggleFolder, clear } = useSelection();
  const [started, setStarted] = useState<ExportStarted | null>(null);
  const exportZip = useStartExport(dealId, (answer) => {
    clear();
    setStarted(answer);
  });

  // The dialog that follows an export loads while the export is asked for.
  const startExport = (body: Parameters<typeof exportZip.mutate>[0]) => {
    preloadDialog.export();
    exportZip.mutate(body);
  };
  const preloadFolderMenu = () => {
    preloadDialog.remove();
    preloadDialog.export();
  };
  const preloadFileMenu = () => {
    preloadDialog.remove();
    slots.preloadRowDialogs();
  };

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
          selected={selection.folders.has(f.id)}
          onSelect={canExport ? () => toggleFolder(f.id) : undefined}
          onDownload={canExport ? () => startExport({ folder_ids: [f.id] }) : undefined}
          onMenuPreload={preloadFolderMenu}
        />
      );
    }
    const file = row.file;
    return (
      <FileRow
        file={file}
        to={fileUrl(dealId, file.id)}
        viewerTo={fileViewerUrl(dealId, file.id)}
        actions={fileRowActions(file)}
        showLocation={searching}
        retrying={slots.retryingFileId === file.id}
        onOpen={() => navigate(fileViewerUrl(dealId, file.id))}
        onDetails={() => navigate(fileUrl(dealId, file.id))}
        onDownload={() => download.mutate(file)}
        onEdit={() => setEditingFile(file)}
        onArchive={() => setPending({ action: 'archive-file', file })}
        onDelete={() => setPending({ action: 'delete-file', file })}
        onReview={() => setReviewing(file.id)}
        onRetry={() => slots.onRetry(file.id)}
        selected={selection.files.has(file.id)}
        onSelect={canExport || file.can_download ? () => toggleFile(file.id) : undefined}
        onMenuPreload={preloadFileMenu}
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
            insideUrl={searchUrl(dealId, q, current?.id)}
          />

          <Box position="relative" {...dropzone.rootProps} outline="none" data-testid="drop-zone">
            {actions.upload && <input {...dropzone.inputProps} aria-label="Drop files here" />}
            <ExportBar
              count={selected}
              preparing={exportZip.isPending}
              onExport={() => startExport({ file_ids: [...selection.files], folder_ids: [...selection.folders] })}
              onClear={clear}
            />
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
            {dropzone.active && <DropOverlay title={title} />}
          </Box>
        </Card.Root>
      </Stack>

      {slots.editDialog(editingFile, () => setEditingFile(null))}
      {slots.reviewDialog(reviewing, () => setReviewing(null))}
      <FolderActionDialogs
        dialog={dialog}
        path={path}
        creating={create.isPending}
        onClose={() => setDialog(null)}
        onCreate={(name) => create.mutate(name)}
        onUpload={startUpload}
        onImport={startImport}
      />
      <LoadOnOpen open={uploadState.phase !== 'idle'}>
        <UploadOverlay
          state={uploadState}
          onCancel={() => queue.cancel()}
          onClose={() => queue.reset()}
          onRetry={() => queue.retryFailed()}
          onResolve={(id, choice) => queue.resolve(id, choice)}
          onResolveAll={(choice) => queue.resolveAll(choice)}
        />
      </LoadOnOpen>
      <LoadOnOpen open={pending !== null}>
        <RemoveItemDialog dealId={dealId} pending={pending} onClose={() => setPending(null)} />
      </LoadOnOpen>
      <LoadOnOpen open={started !== null}>
        <ExportDialog dealId={dealId} started={started} onClose={() => setStarted(null)} />
      </LoadOnOpen>
    </PageContainer>
  );
}
