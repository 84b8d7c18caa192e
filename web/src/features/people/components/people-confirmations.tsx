import { Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { pluralize } from '../../../lib/format';
import type { GroupOrTag } from '../api/delete-group-or-tag';
import { usersWord } from '../bulk';

/** The Users page's two confirmations: deleting a group or a tag, and removing the selected members. */
export function PeopleConfirmations({
  deleting,
  deletingBusy,
  onDelete,
  onCloseDeleting,
  bulkRemoveCount,
  bulkRemoveBusy,
  onBulkRemove,
  onCloseBulkRemove,
}: {
  deleting: GroupOrTag | null;
  deletingBusy: boolean;
  onDelete: (target: GroupOrTag) => void;
  onCloseDeleting: () => void;
  /** How many members the removal would take out; null when it is not being confirmed. */
  bulkRemoveCount: number | null;
  bulkRemoveBusy: boolean;
  onBulkRemove: () => void;
  onCloseBulkRemove: () => void;
}) {
  return (
    <>
      <ConfirmDialog
        open={Boolean(deleting)}
        title={deleting?.kind === 'group' ? 'Delete group' : 'Delete tag'}
        message={
          deleting?.kind === 'group' ? (
            <Stack gap="2">
              <Text>
                Delete the group <strong>{deleting.item.name}</strong>?
              </Text>
              <Text color="fg.muted" textStyle="sm">
                Its {pluralize(deleting.item.member_count, 'member')} will lose the permissions this group gives them. Their own
                permission sets are kept.
              </Text>
            </Stack>
          ) : deleting ? (
            <Text>
              Delete the tag <strong>{deleting.item.name}</strong>? It is removed from every member who has it.
            </Text>
          ) : null
        }
        confirmLabel="Delete"
        destructive
        loading={deletingBusy}
        onConfirm={() => deleting && onDelete(deleting)}
        onClose={onCloseDeleting}
      />
      <ConfirmDialog
        open={bulkRemoveCount !== null}
        title="Remove users"
        message={
          <Text>
            Remove <strong>{usersWord(bulkRemoveCount ?? 0)}</strong> from this deal? They lose access at once.
          </Text>
        }
        confirmLabel={`Remove ${usersWord(bulkRemoveCount ?? 0)}`}
        destructive
        loading={bulkRemoveBusy}
        onConfirm={onBulkRemove}
        onClose={onCloseBulkRemove}
      />
    </>
  );
}
