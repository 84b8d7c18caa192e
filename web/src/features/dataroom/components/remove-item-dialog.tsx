import { Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useFolder } from '../api/get-folder';
import { useRemoveItem, type PendingRemoval } from '../api/remove-item';

const TITLES: Record<PendingRemoval['action'], string> = {
  'archive-folder': 'Archive Folder',
  'delete-folder': 'Delete Folder',
  'archive-file': 'Archive File',
  'delete-file': 'Delete File',
};

/** "3 items inside (1 subfolder, 2 files) will be archived with it." */
export function folderContentsText(
  detail: { item_count: number; folders: number; files: number } | undefined,
  verb: string,
): string | null {
  if (!detail) return null;
  const count = detail.item_count;
  if (count === 0) return 'The folder is empty.';
  const parts = [
    detail.folders > 0 ? `${detail.folders} subfolder${detail.folders === 1 ? '' : 's'}` : null,
    detail.files > 0 ? `${detail.files} file${detail.files === 1 ? '' : 's'}` : null,
  ].filter(Boolean);
  return `${count} item${count === 1 ? '' : 's'} inside (${parts.join(', ')}) will be ${verb} with it.`;
}

/** Confirms archiving or deleting a folder or a file; for a folder it says what goes with it. */
export function RemoveItemDialog({
  dealId,
  pending,
  onClose,
}: {
  dealId: string;
  pending: PendingRemoval | null;
  onClose: () => void;
}) {
  const remove = useRemoveItem(dealId, onClose);
  const folderId = pending && 'folder' in pending ? pending.folder.id : '';
  const folderCount = useFolder(dealId, folderId, { staleTime: 0 });
  const archiving = pending?.action.startsWith('archive') ?? false;
  const contents =
    pending && 'folder' in pending
      ? folderCount.isPending
        ? 'Counting the items inside…'
        : folderContentsText(folderCount.data, archiving ? 'archived' : 'deleted')
      : null;
  return (
    <ConfirmDialog
      open={pending !== null}
      title={pending ? TITLES[pending.action] : ''}
      message={
        pending ? (
          <Stack gap="2" textStyle="sm">
            <Text>
              {archiving ? 'Archive' : 'Delete'}{' '}
              <Text as="strong">{'folder' in pending ? pending.folder.name : pending.file.name}</Text>?
            </Text>
            {contents && <Text data-testid="folder-item-count">{contents}</Text>}
            <Text color="fg.muted">
              {archiving ? 'Archived items leave the data room listing.' : 'This cannot be undone. Every version is removed.'}
            </Text>
          </Stack>
        ) : null
      }
      confirmLabel={archiving ? 'Archive' : 'Delete'}
      destructive
      loading={remove.isPending}
      onConfirm={() => pending && remove.mutate(pending)}
      onClose={onClose}
    />
  );
}
