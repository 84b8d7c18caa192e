import { Button, Card } from '@chakra-ui/react';
import { SearchX } from 'lucide-react';
import { EmptyState } from '../../../components/empty-state';

/** No item matches the search and status filter. */
export function NoMatches({ onClear }: { onClear: () => void }) {
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Body py="10">
        <EmptyState
          icon={<SearchX />}
          title="No items match your filters"
          description="Try another search term or status."
          action={
            <Button size="sm" variant="outline" onClick={onClear}>
              Clear filters
            </Button>
          }
        />
      </Card.Body>
    </Card.Root>
  );
}
