import { Badge, Box, Flex, Text } from '@chakra-ui/react';
import { OptionSelect } from '../../../components/option-select';
import { FileText } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { APPROVAL_LABELS } from '../../../components/approval-badge';
import { formatDate, formatFileSize } from '../../../lib/format';
import type { ConnectedFile } from '../types';

const FILE_APPROVALS = (['pending', 'review', 'approved'] as const).map((value) => ({ value, label: APPROVAL_LABELS[value] }));

/** A file connected to the item: its link, size and date, and its approval (a choice for approvers). */
export function ConnectedFileRow({
  dealId,
  file,
  canApprove,
  onApproval,
  busy,
}: {
  dealId: string;
  file: ConnectedFile;
  canApprove: boolean;
  onApproval: (status: string) => void;
  busy: boolean;
}) {
  const status = file.approval_status ?? 'pending';
  return (
    <Flex
      gap="3"
      align="center"
      px="4"
      py="2.5"
      borderTopWidth="1px"
      borderColor="border.muted"
      _first={{ borderTopWidth: 0 }}
      data-testid="connected-file"
    >
      <Box color="brand.solid" flexShrink={0}>
        <FileText size={18} />
      </Box>
      <Box flex="1" minW="0">
        <RouterLink to={`/deals/${dealId}/files/${file.file_id}`}>
          <Text
            textStyle="sm"
            fontWeight="medium"
            truncate
            title={file.name}
            _hover={{ color: 'brand.fg', textDecoration: 'underline' }}
          >
            {file.name}
          </Text>
        </RouterLink>
        <Text textStyle="xs" color="fg.muted">
          {formatFileSize(file.size ?? null)} · Uploaded {formatDate(file.uploaded_at)}
        </Text>
      </Box>
      {canApprove ? (
        <OptionSelect
          size="xs"
          w="32"
          flexShrink={0}
          disabled={busy}
          label={`Approval of ${file.name}`}
          value={status}
          onChange={onApproval}
          options={FILE_APPROVALS.map((option) => [option.value, option.label] as const)}
        />
      ) : (
        <Badge
          size="sm"
          variant="surface"
          colorPalette={status === 'approved' ? 'green' : status === 'review' ? 'orange' : 'gray'}
          flexShrink={0}
        >
          {FILE_APPROVALS.find((o) => o.value === status)?.label ?? 'Pending'}
        </Badge>
      )}
    </Flex>
  );
}
