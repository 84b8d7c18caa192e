import { Badge } from '@chakra-ui/react';
import { confidenceColor, confidenceLabel } from '../confidence';

/** An AI confidence as a coloured badge (green ≥ 80, yellow ≥ 60, else red; 100 reads 'Provided'). */
export function ConfidenceBadge({
  confidence,
  size = 'sm',
}: {
  confidence: number | null | undefined;
  size?: 'xs' | 'sm' | 'md';
}) {
  const label = confidenceLabel(confidence);
  if (label === null) return null;
  return (
    <Badge
      colorPalette={confidenceColor(confidence)}
      size={size}
      variant="subtle"
      data-confidence={confidenceColor(confidence)}
      title={label === 'Provided' ? 'The AI is certain' : `AI confidence ${label}`}
    >
      {label}
    </Badge>
  );
}
