import { Badge, Box, Button, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { ChevronDown, ChevronUp, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useChecklistAiSuggestions } from '../api/checklist-suggestions';
import { AiReviewDialog } from './ai-review-dialog';
import { ConfidenceBadge } from './confidence-badge';

// Files listed under an item before "and N more": a bulk upload can propose hundreds for one item.
export const SUGGESTIONS_SHOWN = 3;

/**
 * The checklist's AI suggestions panel (docs/product.md §2 Checklist): per checklist item, the files the
 * AI proposes for it, each with its confidence, the first few then "and N more"; Review opens the AI
 * Analysis Review modal for all of that item's files. Shows nothing while no suggestion waits.
 */
export function AiSuggestionsPanel({ dealId }: { dealId: string }) {
  const suggestions = useChecklistAiSuggestions(dealId);
  const [open, setOpen] = useState(true);
  const [reviewing, setReviewing] = useState<string[] | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (itemId: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(itemId)) next.delete(itemId);
      else next.add(itemId);
      return next;
    });
  const byItem = Object.entries(suggestions.data?.suggestions_by_item ?? {})
    .map(([itemId, list]) => ({ itemId, name: list[0]?.item_name ?? '', list }))
    .sort((a, b) => a.name.localeCompare(b.name));
  if (!byItem.length) return null;
  const total = byItem.reduce((n, entry) => n + entry.list.length, 0);

  return (
    <Card.Root variant="outline" bg="bg" borderColor="orange.muted" data-testid="ai-suggestions">
      <Card.Header px="5" py="3">
        <Flex justify="space-between" align="center" gap="3">
          <HStack gap="2">
            <Sparkles size={16} />
            <Heading as="h2" size="sm">
              AI suggestions
            </Heading>
            <Badge colorPalette="orange" variant="subtle">
              {total}
            </Badge>
          </HStack>
          <Button size="xs" variant="ghost" onClick={() => setOpen(!open)} aria-expanded={open}>
            {open ? <ChevronUp /> : <ChevronDown />} {open ? 'Hide' : 'Show'}
          </Button>
        </Flex>
      </Card.Header>
      {open && (
        <Card.Body px="5" pt="0" pb="4">
          <Stack gap="3">
            {byItem.map(({ itemId, name, list }) => (
              <Box key={itemId} borderTopWidth="1px" borderColor="border.muted" pt="3" data-testid="ai-suggestion-item">
                <Flex justify="space-between" align="center" gap="3" mb="1">
                  <Text fontWeight="medium" textStyle="sm">
                    {name}
                  </Text>
                  <Button size="xs" variant="outline" onClick={() => setReviewing(list.map((s) => s.file_id))}>
                    Review {list.length > 1 ? `${list.length} files` : ''}
                  </Button>
                </Flex>
                <Stack gap="1">
                  {(expanded.has(itemId) ? list : list.slice(0, SUGGESTIONS_SHOWN)).map((s) => (
                    <HStack key={s.file_id} justify="space-between" textStyle="sm" color="fg.muted">
                      <Text truncate>{s.file_name}</Text>
                      <ConfidenceBadge confidence={s.confidence} size="xs" />
                    </HStack>
                  ))}
                  {list.length > SUGGESTIONS_SHOWN && (
                    <Button
                      size="xs"
                      variant="plain"
                      alignSelf="flex-start"
                      px="0"
                      color="fg.muted"
                      aria-expanded={expanded.has(itemId)}
                      onClick={() => toggle(itemId)}
                    >
                      {expanded.has(itemId) ? 'Show fewer' : `and ${list.length - SUGGESTIONS_SHOWN} more`}
                    </Button>
                  )}
                </Stack>
              </Box>
            ))}
          </Stack>
        </Card.Body>
      )}
      <AiReviewDialog dealId={dealId} fileIds={reviewing ?? []} open={reviewing !== null} onClose={() => setReviewing(null)} />
    </Card.Root>
  );
}
