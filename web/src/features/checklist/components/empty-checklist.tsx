import { Button, Card, HStack } from '@chakra-ui/react';
import { BookOpen, FolderPlus, ListChecks, Plus, SearchX } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { preloadChecklistDialog, type ChecklistDialog } from './checklist-dialogs';
import { DialogButton } from '../../../components/dialog-button';

/** The checklist's empty states: one outlined card around an EmptyState. */
function EmptyCard({
  py,
  dashed = false,
  ...state
}: ComponentProps<typeof EmptyState> & { py: '8' | '10' | '12'; dashed?: boolean }) {
  return (
    <Card.Root variant="outline" bg="bg" borderStyle={dashed ? 'dashed' : undefined}>
      <Card.Body py={py}>
        <EmptyState {...state} />
      </Card.Body>
    </Card.Root>
  );
}

/** Add from Catalog, then the way to write one's own (Add Category or Add Item). */
function CatalogActions({ onOpen, children }: { onOpen: (dialog: ChecklistDialog) => void; children: ReactNode }) {
  return (
    <HStack gap="2">
      <DialogButton colorPalette="brand" onClick={() => onOpen({ kind: 'catalog' })} preload={preloadChecklistDialog.catalog}>
        <BookOpen /> Add from Catalog
      </DialogButton>
      {children}
    </HStack>
  );
}

/** A checklist with neither categories nor items: editors are offered the catalog and a first category. */
export function EmptyChecklist({ canEdit, onOpen }: { canEdit: boolean; onOpen: (dialog: ChecklistDialog) => void }) {
  return (
    <EmptyCard
      py="12"
      icon={<ListChecks />}
      title="No checklist items yet"
      description={
        canEdit
          ? 'Add standard due-diligence requests from the catalog, or create a category and write your own.'
          : 'The deal team has not set up the checklist for this deal yet.'
      }
      action={
        canEdit ? (
          <CatalogActions onOpen={onOpen}>
            <DialogButton
              variant="outline"
              onClick={() => onOpen({ kind: 'category', category: null })}
              preload={preloadChecklistDialog.category}
            >
              <FolderPlus /> Add Category
            </DialogButton>
          </CatalogActions>
        ) : undefined
      }
    />
  );
}

/** Categories but no items yet: editors are offered the catalog and Add Item under the sections. */
export function NoItemsPrompt({ onOpen }: { onOpen: (dialog: ChecklistDialog) => void }) {
  return (
    <EmptyCard
      py="8"
      dashed
      size="sm"
      icon={<BookOpen />}
      title="No checklist items yet"
      description="Add standard due-diligence requests from the catalog, or write your own."
      action={
        <CatalogActions onOpen={onOpen}>
          <DialogButton
            variant="outline"
            onClick={() => onOpen({ kind: 'item', item: null })}
            preload={preloadChecklistDialog.item}
          >
            <Plus /> Add Item
          </DialogButton>
        </CatalogActions>
      }
    />
  );
}

/** No item matches the search and status filter. */
export function NoMatches({ onClear }: { onClear: () => void }) {
  return (
    <EmptyCard
      py="10"
      icon={<SearchX />}
      title="No items match your filters"
      description="Try another search term or status."
      action={
        <Button size="sm" variant="outline" onClick={onClear}>
          Clear filters
        </Button>
      }
    />
  );
}
