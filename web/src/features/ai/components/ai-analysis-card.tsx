import { Badge, Box, Button, HStack, Link, Skeleton, Spinner, Stack, Text } from '@chakra-ui/react';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorDetail } from '../../../lib/api/client';
import { useAiAnalysis } from '../api/ai-analysis';
import { AiReviewDialog } from './ai-review-dialog';
import { ConfidenceBadge } from './confidence-badge';

const DECIDED: Record<string, string> = {
  accepted: 'Suggestion accepted',
  overridden: 'Linked to another item instead',
  dismissed: 'Suggestion dismissed',
  no_match: 'No checklist item matched',
};

/**
 * The file page's AI block (docs/product.md §2 File detail, §3 File): status, recommended item,
 * category, confidence and reasoning, with Review while the suggestion awaits a decision.
 */
export function AiAnalysisCard({
  dealId,
  fileId,
  aiStatus,
}: {
  dealId: string;
  fileId: string;
  aiStatus: string | null | undefined;
}) {
  const analysis = useAiAnalysis(dealId, fileId);
  const [reviewing, setReviewing] = useState(false);
  const busy = aiStatus === 'queued' || aiStatus === 'processing';
  const data = analysis.data;

  let body;
  if (busy) {
    body = (
      <HStack gap="2" color="fg.muted" textStyle="sm" data-testid="ai-busy">
        <Spinner size="xs" />
        <Text>{aiStatus === 'queued' ? 'Waiting for the AI assistant…' : 'The AI assistant is reading this file…'}</Text>
      </HStack>
    );
  } else if (aiStatus === 'try_again' || aiStatus === 'failed') {
    body = (
      <Text textStyle="sm" color="red.fg">
        The AI analysis failed. Re-run AI to try again; the file itself is unaffected.
      </Text>
    );
  } else if (analysis.isPending) {
    body = <Skeleton h="12" />;
  } else if (analysis.isError) {
    body = (
      <Text textStyle="sm" color="red.fg">
        Failed to load AI analysis: {errorDetail(analysis.error, 'please try again.')}
      </Text>
    );
  } else if (!data) {
    body = (
      <Text textStyle="sm" color="fg.muted">
        This file has not been analysed yet.
      </Text>
    );
  } else {
    const item = data.recommended_item;
    body = (
      <Stack gap="3">
        <HStack justify="space-between" align="flex-start" gap="3">
          <Box minW="0">
            <Text textStyle="xs" color="fg.muted">
              Recommended checklist item
            </Text>
            {item ? (
              <Link asChild fontWeight="medium" data-testid="ai-recommended-item">
                <RouterLink to={`/deals/${dealId}/checklist/items/${item.id}`}>{item.name}</RouterLink>
              </Link>
            ) : (
              <Text fontWeight="medium">None fits this file</Text>
            )}
            {data.category && (
              <Text textStyle="xs" color="fg.muted">
                Category: {data.category}
              </Text>
            )}
          </Box>
          <ConfidenceBadge confidence={data.confidence} />
        </HStack>
        {data.text_found === false && /\.pdf$/i.test(data.file_name) && (
          <Text textStyle="sm" color="orange.fg" data-testid="no-text-found">
            No text found in this document, so search cannot find it.
          </Text>
        )}
        {data.extraction === 'name_only' && (
          <Text textStyle="sm" color="orange.fg" data-testid="ai-unread">
            The document could not be read, so this suggestion rests on its name alone.
          </Text>
        )}
        <Text textStyle="sm" whiteSpace="pre-wrap" data-testid="ai-reasoning">
          {data.reasoning}
        </Text>
        <HStack justify="space-between" gap="2" wrap="wrap">
          {data.status === 'review' ? (
            <Badge colorPalette="orange" variant="subtle">
              Awaiting review
            </Badge>
          ) : (
            <Text textStyle="xs" color="fg.muted">
              {DECIDED[data.status] ?? ''}
            </Text>
          )}
          {data.status === 'review' && data.can_decide && (
            <Button size="xs" colorPalette="brand" onClick={() => setReviewing(true)}>
              <Sparkles /> Review suggestion
            </Button>
          )}
        </HStack>
      </Stack>
    );
  }

  return (
    <Box borderWidth="1px" rounded="lg" bg="bg" px="5" py="4" data-testid="ai-analysis">
      <HStack justify="space-between" mb="3">
        <HStack gap="2">
          <Sparkles size={16} />
          <Text fontWeight="semibold" textStyle="sm">
            AI Analysis
          </Text>
        </HStack>
        {data?.provider && !busy && (
          <Text textStyle="xs" color="fg.subtle">
            {data.provider === 'openai' ? 'External AI provider' : 'Built-in assistant'}
          </Text>
        )}
      </HStack>
      {body}
      <AiReviewDialog dealId={dealId} fileIds={[fileId]} open={reviewing} onClose={() => setReviewing(false)} />
    </Box>
  );
}
