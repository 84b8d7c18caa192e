import { Badge, Box, Button, Center, Flex, Skeleton, Stack, Text } from '@chakra-ui/react';
import { FileText, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { approvalLabel } from '../../../components/approval-badge';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailed } from '../../../components/load-failed';
import { formatRelativeTime } from '../../../lib/format';
import { usePendingReview } from '../api/pending-review';
import { AiReviewDialog } from './ai-review-dialog';
import { ConfidenceBadge } from './confidence-badge';

/**
 * The dashboard's 'Files Pending Review' (docs/product.md §2): the files awaiting a decision (docs/decisions.md
 * decision 36), each with a Review button. A file with an open AI suggestion opens the AI Analysis Review
 * modal at that file, then walks the other suggestions; a file without one opens its page, where its
 * approval is set.
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
    return <LoadFailed size="sm" title="Failed to load review interface" query={pending} fallback="Please try again." />;
  }
  if (!files.length) {
    return (
      <EmptyState
        size="sm"
        icon={<Sparkles />}
        title="No Files Awaiting AI Review"
        description="Uploaded files wait here until someone approves them or requests changes."
      />
    );
  }
  const suggested = files.filter((f) => f.analysis_id).map((f) => f.file_id);
  return (
    <>
      <Stack gap="0" separator={<Box borderTopWidth="1px" borderColor="border.muted" />}>
        {files.map((file) => (
          <Flex key={file.file_id} align="center" gap="3" py="2.5" data-testid="pending-file">
            <Center boxSize="8" rounded="md" bg="bg.muted" color="fg.muted" flexShrink={0}>
              <FileText size={16} />
            </Center>
            <Box flex="1" minW="0">
              <Text textStyle="sm" fontWeight="medium" truncate>
                {file.file_name}
              </Text>
              <Text textStyle="xs" color="fg.muted" truncate>
                {!file.analysis_id
                  ? approvalLabel(file.approval_status)
                  : file.recommended_item
                    ? `Suggested: ${file.recommended_item.name}`
                    : 'No checklist item suggested'}
                {file.upload_date ? ` · ${formatRelativeTime(file.upload_date)}` : ''}
              </Text>
            </Box>
            {file.analysis_id ? (
              <>
                <ConfidenceBadge confidence={file.confidence} />
                <Button size="xs" variant="outline" onClick={() => setReviewing(startingAt(suggested, file.file_id))}>
                  Review
                </Button>
              </>
            ) : (
              <Button asChild size="xs" variant="outline">
                <RouterLink to={`/deals/${dealId}/files/${file.file_id}`}>Review</RouterLink>
              </Button>
            )}
          </Flex>
        ))}
      </Stack>
      <AiReviewDialog dealId={dealId} fileIds={reviewing ?? []} open={reviewing !== null} onClose={() => setReviewing(null)} />
    </>
  );
}

/** The ids from `id` on, then the ones before it. */
const startingAt = (ids: string[], id: string) => {
  const at = Math.max(0, ids.indexOf(id));
  return [...ids.slice(at), ...ids.slice(0, at)];
};

/** The count badge beside the panel's title. */
export function PendingReviewCount({ dealId }: { dealId: string }) {
  const pending = usePendingReview(dealId);
  const n = pending.data?.total_count ?? 0;
  return n > 0 ? <Badge colorPalette="orange">{n}</Badge> : null;
}
