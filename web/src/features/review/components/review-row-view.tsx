import { Badge, Box, Button, Checkbox, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import type { ReviewRow } from '@contracts/review';
import { Check, FileText, ListChecks, MessageSquareWarning } from 'lucide-react';
import { useNavigate } from 'react-router';
import { formatDate } from '../../../lib/format';
import { fileUrl, fileViewerUrl } from '../../../lib/file-urls';
import { formatKilobytes } from '../../../lib/file-display';
import { ViewerLinkButton } from '../../../components/viewer-link-button';
import { completenessPalette, reviewStatus, rowTitle } from '../logic';

interface Props {
  dealId: string;
  row: ReviewRow;
  selected: boolean;
  highlighted: boolean;
  busy: boolean;
  onSelect: (selected: boolean) => void;
  onHighlight: () => void;
  onDecide: (decision: 'approve' | 'request-changes') => void;
}

function Details({ row }: { row: ReviewRow }) {
  if (row.kind === 'file') {
    return (
      <Text textStyle="xs" color="fg.muted">
        {[
          row.file_type.toUpperCase() || 'FILE',
          formatKilobytes(row.size_bytes),
          row.uploaded_by,
          `Updated ${formatDate(row.updated_at)}`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    );
  }
  const percent = Math.round(row.completeness * 100);
  return (
    <Stack gap="1">
      <Text textStyle="xs" color="fg.muted">
        {[
          row.item_id,
          row.category,
          row.required ? 'Required' : 'Optional',
          `${row.actual_file_count} of ${row.anticipated_file_count} files`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      <HStack gap="2" maxW="xs">
        <Progress.Root
          value={percent}
          size="xs"
          flex="1"
          colorPalette={completenessPalette(row.completeness)}
          aria-label="Completeness"
        >
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Text textStyle="xs" color="fg.muted" data-testid="completeness" data-palette={completenessPalette(row.completeness)}>
          {percent}%
        </Text>
      </HStack>
    </Stack>
  );
}

/** One row of the queue: a file (its name opens its page, Open the viewer) or a checklist item, with its decision buttons. */
export function ReviewRowView({ dealId, row, selected, highlighted, busy, onSelect, onHighlight, onDecide }: Props) {
  const navigate = useNavigate();
  const status = reviewStatus(row.status);
  const Icon = row.kind === 'file' ? FileText : ListChecks;
  return (
    <HStack
      gap="3"
      px="4"
      py="3"
      align="center"
      // On a phone the decisions wrap onto their own line, under the title (decision 37).
      wrap={{ base: 'wrap', md: 'nowrap' }}
      data-testid="review-row"
      data-kind={row.kind}
      data-id={row.id}
      aria-current={highlighted ? 'true' : undefined}
      bg={highlighted ? 'brand.subtle' : undefined}
      borderLeftWidth="3px"
      borderLeftColor={highlighted ? 'brand.solid' : 'transparent'}
      onMouseDown={onHighlight}
    >
      <Checkbox.Root
        checked={selected}
        disabled={!row.can_decide}
        onCheckedChange={(e) => onSelect(e.checked === true)}
        aria-label={`Select ${rowTitle(row)}`}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
      </Checkbox.Root>
      <Box color="fg.muted" flexShrink={0}>
        <Icon size={18} aria-hidden />
      </Box>
      <Stack gap="0.5" flex="1" minW="0">
        <HStack gap="2" minW="0">
          {row.kind === 'file' ? (
            <Text
              as="button"
              textStyle="sm"
              fontWeight="medium"
              truncate
              textAlign="left"
              cursor="pointer"
              _hover={{ textDecoration: 'underline' }}
              onClick={() => navigate(fileUrl(dealId, row.id))}
            >
              {row.name}
            </Text>
          ) : (
            <Text textStyle="sm" fontWeight="medium" truncate>
              {row.title}
            </Text>
          )}
          <Badge size="sm" variant="subtle" colorPalette={status.palette} flexShrink={0}>
            {status.label}
          </Badge>
        </HStack>
        <Details row={row} />
      </Stack>
      {row.kind === 'file' && (
        <ViewerLinkButton to={fileViewerUrl(dealId, row.id)} label={`Open ${row.name}`} color="fg.muted" flexShrink={0} />
      )}
      {row.can_decide && (
        <HStack gap="2" flexShrink={0} w={{ base: 'full', md: 'auto' }} ps={{ base: '14', md: '0' }}>
          <Button size="xs" colorPalette="green" variant="subtle" disabled={busy} onClick={() => onDecide('approve')}>
            <Check /> Approve
          </Button>
          <Button size="xs" colorPalette="red" variant="subtle" disabled={busy} onClick={() => onDecide('request-changes')}>
            <MessageSquareWarning /> Request Changes
          </Button>
        </HStack>
      )}
    </HStack>
  );
}
