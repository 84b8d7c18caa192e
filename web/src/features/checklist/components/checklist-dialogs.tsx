import { Text } from '@chakra-ui/react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDeleteCategory } from '../api/delete-category';
import { useDeleteChecklistItem } from '../api/delete-item';
import type { ChecklistCategory, ChecklistItem, ChecklistResponse } from '../types';
import { CatalogPickerDialog } from './catalog-picker-dialog';
import { CategoryFormDialog } from './category-form-dialog';
import { ItemFormDialog } from './item-form-dialog';
import { UpdateItemDialog } from './update-item-dialog';

/** Which of the checklist page's dialogs is open, and on what. */
export type ChecklistDialog =
  | { kind: 'category'; category: ChecklistCategory | null }
  | { kind: 'item'; item: ChecklistItem | null; categoryId?: string | null }
  | { kind: 'update'; item: ChecklistItem }
  | { kind: 'catalog' }
  | { kind: 'delete-item'; item: ChecklistItem }
  | { kind: 'delete-category'; category: ChecklistCategory; count: number }
  | null;

/** The checklist page's dialogs: add or edit a category or an item, update an item, the catalog, and the two deletions. */
export function ChecklistDialogs({
  dealId,
  data,
  dialog,
  addedCatalogIds,
  onClose,
}: {
  dealId: string;
  data: ChecklistResponse;
  dialog: ChecklistDialog;
  addedCatalogIds: Set<string>;
  onClose: () => void;
}) {
  const removeItem = useDeleteChecklistItem(dealId, onClose);
  const removeCategory = useDeleteCategory(dealId, onClose);
  const canEdit = data.can_edit;
  return (
    <>
      <CategoryFormDialog
        open={dialog?.kind === 'category'}
        onClose={onClose}
        dealId={dealId}
        category={dialog?.kind === 'category' ? dialog.category : null}
      />
      <ItemFormDialog
        open={dialog?.kind === 'item'}
        onClose={onClose}
        dealId={dealId}
        categories={data.categories}
        item={dialog?.kind === 'item' ? dialog.item : null}
        defaultCategoryId={dialog?.kind === 'item' ? dialog.categoryId : null}
      />
      <UpdateItemDialog
        open={dialog?.kind === 'update'}
        onClose={onClose}
        dealId={dealId}
        item={dialog?.kind === 'update' ? dialog.item : null}
        canEditStatus={canEdit}
        canLinkFiles={Boolean(data.can_link_files)}
      />
      <CatalogPickerDialog
        open={dialog?.kind === 'catalog'}
        onClose={onClose}
        dealId={dealId}
        categories={data.categories}
        addedCatalogIds={addedCatalogIds}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete-item'}
        title="Delete Item"
        message={
          dialog?.kind === 'delete-item' ? (
            <Text>
              Delete <strong>{dialog.item.item_id ? `${dialog.item.item_id} ${dialog.item.name}` : dialog.item.name}</strong>? Its
              files stay in the data room but are no longer linked to it.
            </Text>
          ) : null
        }
        confirmLabel="Delete"
        destructive
        loading={removeItem.isPending}
        onConfirm={() => dialog?.kind === 'delete-item' && removeItem.mutate(dialog.item)}
        onClose={onClose}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete-category'}
        title="Delete Category"
        message={
          dialog?.kind === 'delete-category' ? (
            <Text>
              Delete <strong>{dialog.category.name}</strong>
              {dialog.count > 0 ? ` and its ${dialog.count} item${dialog.count === 1 ? '' : 's'}` : ''}? Files stay in the data
              room but are no longer linked to them. This cannot be undone.
            </Text>
          ) : null
        }
        confirmLabel="Delete"
        destructive
        loading={removeCategory.isPending}
        onConfirm={() => dialog?.kind === 'delete-category' && removeCategory.mutate(dialog.category)}
        onClose={onClose}
      />
    </>
  );
}
