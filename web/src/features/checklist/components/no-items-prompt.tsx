import { Button, Card, HStack } from '@chakra-ui/react';
import { BookOpen, Plus } from 'lucide-react';
import { EmptyState } from '../../../components/empty-state';
import type { ChecklistDialog } from './checklist-dialogs';

/** Categories but no items yet: editors are offered the catalog and Add Item under the sections. */
export function NoItemsPrompt({ onOpen }: { onOpen: (dialog: ChecklistDialog) => void }) {
  return (
    <Card.Root variant="outline" bg="bg" borderStyle="dashed">
      <Card.Body py="8">
        <EmptyState
          size="sm"
          icon={<BookOpen />}
          title="No checklist items yet"
          description="Add standard due-diligence requests from the catalog, or write your own."
          action={
            <HStack gap="2">
              <Button size="sm" colorPalette="brand" onClick={() => onOpen({ kind: 'catalog' })}>
                <BookOpen /> Add from Catalog
              </Button>
              <Button size="sm" variant="outline" onClick={() => onOpen({ kind: 'item', item: null })}>
                <Plus /> Add Item
              </Button>
            </HStack>
          }
        />
      </Card.Body>
    </Card.Root>
  );
}
