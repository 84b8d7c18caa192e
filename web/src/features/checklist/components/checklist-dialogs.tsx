import { Text } from '@chakra-ui/react';
import { LoadOnOpen } from '../../../components/load-on-open';
import { lazyPage } from '../../../lib/lazy-page';
import { useDeleteCategory } from '../api/delete-category';
import { useDeleteChecklistItem } from '../api/delete-item';
import type { ChecklistCategory, ChecklistItem, ChecklistResponse } from '../types';

// The checklist's dialogs load on their first opening, asked for as a button that opens one is pointed at
// or focused (a row's, as the pointer or focus enters the rows): most visits open none (decision 67).
const CategoryFormDialog = lazyPage(() => import('./category-form-dialog').then((m) => ({ default: m.CategoryFormDialog })));
const ItemFormDialog = lazyPage(() => import('./item-form-dialog').then((m) => ({ default: m.ItemFormDialog })));
const UpdateItemDialog = lazyPage(() => import('./update-item-dialog').then((m) => ({ default: m.UpdateItemDialog })));
const CatalogPickerDialog = lazyPage(() => import('./catalog-picker-dialog').then((m) => ({ default: m.CatalogPickerDialog })));
const ConfirmDialog = lazyPage(() => import('../../../components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

const quietly = (...loads: { preload: () => Promise<unknown> }[]) => {
  for (const load of loads) load.preload().catch(() => undefined);
};

export const preloadChecklistDialog = {
  category: () => quietly(CategoryFormDialog),
  item: () => quietly(ItemFormDialog),
  catalog: () => quietly(CatalogPickerDialog),
  /** What a row or a category's heading opens: Update Item, Edit Item, the deletions. */
  rows: () => quietly(UpdateItemDialog, ItemFormDialog, CategoryFormDialog, ConfirmDialog),
};

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
      <LoadOnOpen open={dialog?.kind === 'category'}>
        <CategoryFormDialog
          open={dialog?.kind === 'category'}
          onClose={onClose}
          dealId={dealId}
          category={dialog?.kind === 'category' ? dialog.category : null}
        />
      </LoadOnOpen>
      <LoadOnOpen open={dialog?.kind === 'item'}>
        <ItemFormDialog
          open={dialog?.kind === 'item'}
          onClose={onClose}
          dealId={dealId}
          categories={data.categories}
          item={dialog?.kind === 'item' ? dialog.item : null}
          defaultCategoryId={dialog?.kind === 'item' ? dialog.categoryId : null}
        />
      </LoadOnOpen>
      <LoadOnOpen open={dialog?.kind === 'update'}>
        <UpdateItemDialog
          open={dialog?.kind === 'update'}
          onClose={onClose}
          dealId={dealId}
          item={dialog?.kind === 'update' ? dialog.item : null}
          canEditStatus={canEdit}
          canLinkFiles={Boolean(data.can_link_files)}
        />
      </LoadOnOpen>
      <LoadOnOpen open={dialog?.kind === 'catalog'}>
        <CatalogPickerDialog
          open={dialog?.kind === 'catalog'}
          onClose={onClose}
          dealId={dealId}
          categories={data.categories}
          addedCatalogIds={addedCatalogIds}
        />
      </LoadOnOpen>
      <LoadOnOpen open={dialog?.kind === 'delete-item'}>
        <ConfirmDialog
          open={dialog?.kind === 'delete-item'}
          title="Delete Item"
          message={
            dialog?.kind === 'delete-item' ? (
              <Text>
                Delete <strong>{dialog.item.item_id ? `${dialog.item.item_id} ${dialog.item.name}` : dialog.item.name}</strong>?
                Its files stay in the data room but are no longer linked to it.
              </Text>
            ) : null
          }
          confirmLabel="Delete"
          destructive
          loading={removeItem.isPending}
          onConfirm={() => dialog?.kind === 'delete-item' && removeItem.mutate(dialog.item)}
          onClose={onClose}
        />
      </LoadOnOpen>
      <LoadOnOpen open={dialog?.kind === 'delete-category'}>
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
      </LoadOnOpen>
    </>
  );
}
