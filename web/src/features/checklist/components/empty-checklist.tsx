import { Button, Card, HStack } from '@chakra-ui/react';
import { BookOpen, FolderPlus, ListChecks } from 'lucide-react';
import { EmptyState } from '../../../components/empty-state';
import type { ChecklistDialog } from './checklist-dialogs';

/** A checklist with neither categories nor items: editors are offered the catalog and a first category. */
export function EmptyChecklist({ canEdit, onOpen }: { canEdit: boolean; onOpen: (dialog: ChecklistDialog) => void }) {
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Body py="12">
        <EmptyState
          icon={<ListChecks />}
          title="No checklist items yet"
          description={
            canEdit
              ? 'Add standard due-diligence requests from the catalog, or create a category and write your own.'
              : 'The deal team has not set up the checklist for this deal yet.'
          }
          action={
            canEdit ? (
              <HStack gap="2">
                <Button size="sm" colorPalette="brand" onClick={() => onOpen({ kind: 'catalog' })}>
                  <BookOpen /> Add from Catalog
                </Button>
                <Button size="sm" variant="outline" onClick={() => onOpen({ kind: 'category', category: null })}>
                  <FolderPlus /> Add Category
                </Button>
              </HStack>
            ) : undefined
          }
        />
      </Card.Body>
    </Card.Root>
  );
}
