import { Badge, Button, HStack, Spinner } from '@chakra-ui/react';
import { RotateCcw, Sparkles } from 'lucide-react';

/**
 * A file's AI status (docs/product.md §4): not_started shows nothing, queued a badge, processing a spinner badge,
 * review a Review button, approved a badge, try_again a retry button (the analysis failed). The file
 * page also knows completed and failed.
 */
export function AiStatusBadge({
  status,
  onReview,
  onRetry,
  retrying = false,
}: {
  /** A file's `ai_status` as the listing and the file's page send it. */
  status: string | null | undefined;
  onReview?: () => void;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  switch (status) {
    case 'queued':
      return (
        <Badge size="sm" variant="subtle" colorPalette="gray" data-ai-status="queued">
          Queued
        </Badge>
      );
    case 'processing':
      return (
        <Badge size="sm" variant="subtle" colorPalette="blue" data-ai-status="processing">
          <HStack gap="1.5">
            <Spinner size="xs" borderWidth="1.5px" />
            Processing
          </HStack>
        </Badge>
      );
    case 'review':
      return (
        <Button size="2xs" variant="subtle" colorPalette="orange" onClick={onReview} data-ai-status="review">
          <Sparkles /> Review
        </Button>
      );
    case 'approved':
      return (
        <Badge size="sm" variant="subtle" colorPalette="green" data-ai-status="approved">
          AI approved
        </Badge>
      );
    case 'completed':
      return (
        <Badge size="sm" variant="subtle" colorPalette="green" data-ai-status="completed">
          Analysed
        </Badge>
      );
    case 'failed':
      return (
        <Badge size="sm" variant="subtle" colorPalette="red" data-ai-status="failed">
          Analysis failed
        </Badge>
      );
    case 'try_again':
      return (
        <Button
          size="2xs"
          variant="outline"
          colorPalette="red"
          onClick={onRetry}
          loading={retrying}
          title="The AI analysis failed. Run it again."
          data-ai-status="try_again"
        >
          <RotateCcw /> Retry
        </Button>
      );
    default:
      return null;
  }
}
