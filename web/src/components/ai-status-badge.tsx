import { Badge, Button, HStack, Spinner } from '@chakra-ui/react';
import { RotateCcw, Sparkles } from 'lucide-react';

/** The statuses shown as a plain badge: its colour and text. */
const PLAIN = new Map<string, [palette: string, text: string]>([
  ['queued', ['gray', 'Queued']],
  ['approved', ['green', 'AI approved']],
  ['completed', ['green', 'Analysed']],
  ['failed', ['red', 'Analysis failed']],
]);

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
  const plain = status ? PLAIN.get(status) : undefined;
  if (plain) {
    return (
      <Badge size="sm" variant="subtle" colorPalette={plain[0]} data-ai-status={status}>
        {plain[1]}
      </Badge>
    );
  }
  switch (status) {
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
