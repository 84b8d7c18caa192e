/** The checklist item page's cards (docs/product.md §2 Checklist item): details, connected files, approval history. */
import {
  Badge,
  Box,
  Button,
  Checkbox,
  Field,
  Flex,
  Grid,
  HStack,
  Input,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { CheckCircle2, FileText, MessageSquareWarning, Pencil } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageContainer } from '../../../components/layout/page-container';
import { Panel } from '../../../components/panel';
import { displayName, formatDate, formatDateTime, formatFileSize } from '../../../lib/format';
import { APPROVAL_LABELS, approvalLabel } from '../../../components/approval-badge';
import { parseExpectedCount, validateExpectedCount, MESSAGES } from '../logic';
import type { ApprovalDecision, ChecklistItemDetail, ConnectedFile } from '../types';

export function ItemSkeleton() {
  return (
    <PageContainer>
      <Stack gap="5" data-testid="item-loading">
        <Skeleton h="5" w="40" />
        <Skeleton h="9" w="2/3" />
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 340px' }} gap="5">
          <Stack gap="5">
            <Skeleton h="48" rounded="lg" />
            <Skeleton h="56" rounded="lg" />
          </Stack>
          <Stack gap="5">
            <Skeleton h="32" rounded="lg" />
            <Skeleton h="40" rounded="lg" />
          </Stack>
        </Grid>
      </Stack>
    </PageContainer>
  );
}

export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wider" mb="1">
        {label}
      </Text>
      <Box textStyle="sm">{children}</Box>
    </Box>
  );
}

/** Details: view, or (with the right to edit the checklist) edit name, description, required, expected files. */
export function DetailsCard({
  item,
  canEdit,
  onSave,
  saving,
}: {
  item: ChecklistItemDetail;
  canEdit: boolean;
  onSave: (patch: { name: string; description: string; required: boolean; anticipated_file_count: number }) => Promise<unknown>;
  saving: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [required, setRequired] = useState(true);
  const [expected, setExpected] = useState('');
  const [errors, setErrors] = useState<{ name?: string; expected?: string }>({});

  const start = () => {
    setName(item.name);
    setDescription(item.description ?? '');
    setRequired(Boolean(item.required));
    setExpected(String(item.metadata?.anticipated_file_count ?? 0));
    setErrors({});
    setEditing(true);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      name: name.trim() ? undefined : MESSAGES.itemName,
      expected: validateExpectedCount(expected) ?? undefined,
    };
    setErrors(found);
    if (found.name || found.expected) return;
    try {
      await onSave({
        name: name.trim(),
        description: description.trim(),
        required,
        anticipated_file_count: parseExpectedCount(expected) ?? 0,
      });
      setEditing(false);
    } catch {
      /* the toast says it; the form stays open */
    }
  };

  return (
    <Panel
      title="Details"
      testId="details-card"
      action={
        canEdit && !editing ? (
          <Button size="xs" variant="outline" onClick={start}>
            <Pencil /> Edit
          </Button>
        ) : undefined
      }
    >
      {editing ? (
        <form onSubmit={submit} noValidate aria-label="Edit details">
          <Stack gap="4">
            <Field.Root invalid={Boolean(errors.name)} required>
              <Field.Label>
                Name <Field.RequiredIndicator />
              </Field.Label>
              <Input value={name} onChange={(e) => setName(e.target.value)} name="name" autoFocus />
              {errors.name && <Field.ErrorText>{errors.name}</Field.ErrorText>}
            </Field.Root>
            <Field.Root>
              <Field.Label>Description</Field.Label>
              <Textarea value={description} onChange={(e) => setDescription(e.target.value)} name="description" rows={4} />
            </Field.Root>
            <HStack gap="6" align="flex-start" wrap="wrap">
              <Field.Root invalid={Boolean(errors.expected)} w="auto">
                <Field.Label>Expected files</Field.Label>
                <Input
                  value={expected}
                  onChange={(e) => {
                    setExpected(e.target.value);
                    if (errors.expected) setErrors((prev) => ({ ...prev, expected: undefined }));
                  }}
                  name="anticipated_file_count"
                  inputMode="numeric"
                  maxW="28"
                  aria-label="Expected files"
                />
                {errors.expected && <Field.ErrorText maxW="xs">{errors.expected}</Field.ErrorText>}
              </Field.Root>
              <Field.Root w="auto" pt="7">
                <Checkbox.Root checked={required} onCheckedChange={(d) => setRequired(d.checked === true)} colorPalette="brand">
                  <Checkbox.HiddenInput name="required" />
                  <Checkbox.Control />
                  <Checkbox.Label>Required</Checkbox.Label>
                </Checkbox.Root>
              </Field.Root>
            </HStack>
            <HStack justify="flex-end" gap="2">
              <Button size="sm" variant="outline" onClick={() => setEditing(false)} disabled={saving}>
                Cancel
              </Button>
              <Button size="sm" type="submit" colorPalette="brand" loading={saving}>
                Save Changes
              </Button>
            </HStack>
          </Stack>
        </form>
      ) : (
        <Stack gap="4">
          <DetailRow label="Description">
            {item.description ? (
              <Text whiteSpace="pre-wrap" color="fg">
                {item.description}
              </Text>
            ) : (
              <Text color="fg.subtle">No description</Text>
            )}
          </DetailRow>
          <Flex gap="8" wrap="wrap">
            <DetailRow label="Category">{item.category}</DetailRow>
            <DetailRow label="Required">{item.required ? 'Yes' : 'No'}</DetailRow>
            <DetailRow label="Expected files">{item.metadata?.anticipated_file_count ?? 0}</DetailRow>
          </Flex>
        </Stack>
      )}
    </Panel>
  );
}

const FILE_APPROVALS = (['pending', 'review', 'approved'] as const).map((value) => ({ value, label: APPROVAL_LABELS[value] }));

export function FileRow({
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
        <NativeSelect.Root size="xs" w="32" flexShrink={0} disabled={busy}>
          <NativeSelect.Field
            aria-label={`Approval of ${file.name}`}
            value={status}
            onChange={(e) => onApproval(e.currentTarget.value)}
          >
            {FILE_APPROVALS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
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

export function HistoryEntry({ entry }: { entry: ApprovalDecision }) {
  const approved = entry.decision === 'approved';
  return (
    <HStack align="flex-start" gap="3" data-testid="history-entry">
      <Box color={approved ? 'green.fg' : 'orange.fg'} pt="0.5" flexShrink={0}>
        {approved ? <CheckCircle2 size={18} /> : <MessageSquareWarning size={18} />}
      </Box>
      <Box minW="0" flex="1">
        <Text textStyle="sm" fontWeight="medium">
          {approvalLabel(entry.decision)}
        </Text>
        <Text textStyle="xs" color="fg.muted">
          {displayName({
            first_name: entry.decided_by_first_name,
            last_name: entry.decided_by_last_name,
            email: entry.decided_by_email,
          })}{' '}
          · {formatDateTime(entry.decided_at)}
        </Text>
        {entry.note && (
          <Text textStyle="sm" mt="1.5" px="3" py="2" bg="bg.muted" rounded="md" whiteSpace="pre-wrap">
            {entry.note}
          </Text>
        )}
      </Box>
    </HStack>
  );
}

/** The item page at /deals/:dealId/checklist/items/:itemId (docs/product.md §2 Checklist item). */
