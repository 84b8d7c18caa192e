import { Badge, Box, Button, Center, Flex, Skeleton, Stack, Text } from '@chakra-ui/react';
import { FileText, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { errorDetail } from '../../../lib/api';
import { formatRelativeTime } from '../../../lib/format';
import { usePendingReview } from '../api/pending-review';
import { AiReviewDialog } from './AiReviewDialog';
import { ConfidenceBadge } from './ConfidenceBadge';

/**
 * The dashboard's 'Files Pending Review' (docs/product.md §2): each file with its suggestion and a Review
 * button that opens the AI Analysis Review modal at that file, then walks the rest of the list.
 */
export function PendingReviewList({ dealId, poll = false }: { dealId: string; poll?: boolean }) {
  const pending = usePendingReview(dealId, poll);
  const [reviewing, setReviewing] = useState<string[] | null>(null);
  const files = pending.data?.pending_files ?? [];

  if (pending.isPending) {
    return (
      <Stack gap="2" aria-busy="true">
        <Skeleton h="10" />
        <Skeleton h="10" />
      </Stack>
    );
  }
  if (pending.isError) {
    return (
      <EmptyState
        size="sm"
        title="Failed to load review interface"
        description={errorDetail(pending.error, 'Please try again.')}
        action={
          <Button size="sm" variant="outline" onClick={() => pending.refetch()}>
            Try Again
          </Button>
        }
      />
    );
  }
  if (!files.length) {
    return (
      <EmptyState
        size="sm"
        icon={<Sparkles />}
        title="No Files Awaiting AI Review"
        description="When the AI assistant proposes a checklist item for an upload, the file waits here for your decision."
      />
    );
  }
  const ids = files.map((f) => f.file_id);
  return (
    <>
      <Stack gap="0" separator={<Box borderTopWidth="1px" borderColor="border.muted" />}>
        {files.map((file, index) => (
          <Flex key={file.file_id} align="center" gap="3" py="2.5" data-testid="pending-file">
            <Center boxSize="8" rounded="md" bg="bg.muted" color="fg.muted" flexShrink={0}>
              <FileText size={16} />
            </Center>
            <Box flex="1" minW="0">
              <Text textStyle="sm" fontWeight="medium" truncate>
                {file.file_name}
              </Text>
              <Text textStyle="xs" color="fg.muted" truncate>
                {file.recommended_item ? `Suggested: ${file.recommended_item.name}` : 'No checklist item suggested'}
                {file.upload_date ? ` · ${formatRelativeTime(file.upload_date)}` : ''}
              </Text>
            </Box>
            <ConfidenceBadge confidence={file.confidence} />
            <Button size="xs" variant="outline" onClick={() => setReviewing([...ids.slice(index), ...ids.slice(0, index)])}>
              Review
            </Button>
          </Flex>
        ))}
      </Stack>
      <AiReviewDialog dealId={dealId} fileIds={reviewing ?? []} open={reviewing !== null} onClose={() => setReviewing(null)} />
    </>
  );
}

/** The count badge beside the panel's title. */
export function PendingReviewCount({ dealId }: { dealId: string }) {
  const pending = usePendingReview(dealId);
  const n = pending.data?.total_count ?? 0;
  return n > 0 ? <Badge colorPalette="orange">{n}</Badge> : null;
}
