import { Box, Button, Card, Flex, Text } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { memo, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import type { CategoryView } from '../logic';
import type { ChecklistItem } from '../types';
import { CategoryHeader } from './category-header';
import { ItemRow, type RowAction } from './item-row';
import { ROWS_CSS } from './item-rows-css';
import { preloadChecklistDialog } from './checklist-dialogs';

/** Rows rendered at once in an open section; a button shows the rest (keeps giant sections quick). */
export const ROW_CHUNK = 200;

export interface SectionRights {
  canEdit: boolean;
  canUpload: boolean;
}

/** One collapsible category: header with progress and counts; rows only while open. */
export const CategorySection = memo(function CategorySection({
  view,
  open,
  rowBudget = Infinity,
  onToggle,
  itemHref,
  rights,
  filtering,
  onRowAction,
  onEditCategory,
  onDeleteCategory,
  onAddItem,
}: {
  view: CategoryView;
  open: boolean;
  /** Rows this section may render yet (the page's first paint shows a screenful first). */
  rowBudget?: number;
  onToggle: (categoryId: string) => void;
  itemHref: (item: ChecklistItem) => string;
  rights: SectionRights;
  filtering: boolean;
  onRowAction: (action: RowAction, item: ChecklistItem) => void;
  onEditCategory: (categoryId: string) => void;
  onDeleteCategory: (categoryId: string) => void;
  onAddItem: (categoryId: string) => void;
}) {
  const { category, visible } = view;
  const [limit, setLimit] = useState(ROW_CHUNK);
  const contentId = `cl-section-${category.id}`;

  const navigate = useNavigate();
  const onRowsClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest<HTMLAnchorElement>('a.cl-name');
    if (link) {
      // A plain click stays in the app; modified clicks (new tab, new window) are the browser's.
      if (event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) {
        event.preventDefault();
        navigate(link.getAttribute('href') ?? '');
      }
      return;
    }
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-action]');
    if (!button) return;
    const item = visible.find((entry) => entry.id === button.dataset.item);
    if (item) onRowAction(button.dataset.action as RowAction, item);
  };

  const cap = Math.min(limit, rowBudget);
  const shown = visible.length > cap ? visible.slice(0, cap) : visible;

  return (
    <Card.Root variant="outline" bg="bg" overflow="hidden" data-testid="checklist-section" data-category={category.name}>
      <CategoryHeader
        view={view}
        open={open}
        contentId={contentId}
        canEdit={rights.canEdit}
        filtering={filtering}
        onToggle={onToggle}
        onEditCategory={onEditCategory}
        onDeleteCategory={onDeleteCategory}
        onAddItem={onAddItem}
      />
      {open && (
        <Box
          id={contentId}
          css={ROWS_CSS}
          onClick={onRowsClick}
          onPointerOver={preloadChecklistDialog.rows}
          onFocus={preloadChecklistDialog.rows}
          borderTopWidth="1px"
          borderColor="border"
        >
          {visible.length === 0 ? (
            <Flex px="4" py="5" gap="3" align="center" justify="center" color="fg.muted" textStyle="sm">
              <Text>No items in this category yet.</Text>
              {rights.canEdit && (
                <Button size="xs" variant="outline" onClick={() => onAddItem(category.id)}>
                  <Plus /> Add Item
                </Button>
              )}
            </Flex>
          ) : (
            <div role="list" aria-label={`${category.name} items`}>
              {shown.map((item) => (
                <div role="listitem" key={item.id}>
                  <ItemRow item={item} href={itemHref(item)} canEdit={rights.canEdit} canUpload={rights.canUpload} />
                </div>
              ))}
            </div>
          )}
          {rowBudget === Infinity && visible.length > shown.length && (
            <Flex justify="center" py="3" borderTopWidth="1px" borderColor="border.muted">
              <Button size="xs" variant="ghost" onClick={() => setLimit(visible.length)}>
                Show {visible.length - shown.length} more item{visible.length - shown.length === 1 ? '' : 's'}
              </Button>
            </Flex>
          )}
        </Box>
      )}
    </Card.Root>
  );
});
