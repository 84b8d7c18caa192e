import {
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Field,
  Flex,
  Grid,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  CheckCircle2,
  FileQuestion,
  FileText,
  History,
  MessageSquareWarning,
  Pencil,
  RefreshCw,
  Upload,
} from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PageContainer } from '../../components/layout/PageContainer';
import { Modal } from '../../components/Modal';
import { ProgressBar } from '../../components/ProgressBar';
import { ApiError, errorDetail } from '../../lib/api';
import { displayName, formatDate, formatDateTime, formatFileSize } from '../../lib/format';
import { notify } from '../../lib/toast';
import { approveItem, checklistKeys, fetchChecklistItem, patchItem, requestChanges, setFileApproval } from './api';
import { useChecklistRefresh } from './hooks';
import { ApprovalBadge, RequiredBadge, StatusBadge } from './components/Badges';
import { APPROVAL_LABELS, approvalLabel } from '../../components/ApprovalBadge';
import { ItemUploadPanel, type ItemUploadHandle } from './components/ItemUploadPanel';
import { UpdateItemDialog } from './components/UpdateItemDialog';
import { approvalOf, fileCountTone, parseExpectedCount, validateExpectedCount, MESSAGES } from './logic';
import type { ApprovalDecision, ChecklistItem, ChecklistItemDetail, ConnectedFile } from './types';

const detail = (error: unknown) => errorDetail(error, '') || undefined;

function Panel({ title, icon, action, children, testId }: { title: string; icon?: ReactNode; action?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Card.Root variant="outline" bg="bg" data-testid={testId}>
      <Card.Header px="5" pt="4" pb="3" borderBottomWidth="1px" borderColor="border.muted">
        <Flex justify="space-between" align="center" gap="3" minH="7">
          <HStack gap="2">
            {icon && <Box color="fg.muted">{icon}</Box>}
            <Heading as="h2" size="sm">
              {title}
            </Heading>
          </HStack>
          {action}
        </Flex>
      </Card.Header>
      <Card.Body px="5" py="4">
        {children}
      </Card.Body>
    </Card.Root>
  );
}

function ItemSkeleton() {
  return (
    <PageContainer>
      <Stack gap="5" data-testid="item-loading">
        <Skeleton h="5" w="40" />
        <Skeleton h="9" w="2/3" />
        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 340px' }} gap="5">
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

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
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
function DetailsCard({ item, canEdit, onSave, saving }: { item: ChecklistItemDetail; canEdit: boolean; onSave: (patch: { name: string; description: string; required: boolean; anticipated_file_count: number }) => Promise<unknown>; saving: boolean }) {
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
      await onSave({ name: name.trim(), description: description.trim(), required, anticipated_file_count: parseExpectedCount(expected) ?? 0 });
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

function FileRow({ dealId, file, canApprove, onApproval, busy }: { dealId: string; file: ConnectedFile; canApprove: boolean; onApproval: (status: string) => void; busy: boolean }) {
  const status = file.approval_status ?? 'pending';
  return (
    <Flex gap="3" align="center" px="4" py="2.5" borderTopWidth="1px" borderColor="border.muted" _first={{ borderTopWidth: 0 }} data-testid="connected-file">
      <Box color="brand.solid" flexShrink={0}>
        <FileText size={18} />
      </Box>
      <Box flex="1" minW="0">
        <RouterLink to={`/deals/${dealId}/files/${file.file_id}`}>
          <Text textStyle="sm" fontWeight="medium" truncate title={file.name} _hover={{ color: 'brand.fg', textDecoration: 'underline' }}>
            {file.name}
          </Text>
        </RouterLink>
        <Text textStyle="xs" color="fg.muted">
          {formatFileSize(file.size ?? null)} · Uploaded {formatDate(file.uploaded_at)}
        </Text>
      </Box>
      {canApprove ? (
        <NativeSelect.Root size="xs" w="32" flexShrink={0} disabled={busy}>
          <NativeSelect.Field aria-label={`Approval of ${file.name}`} value={status} onChange={(e) => onApproval(e.currentTarget.value)}>
            {FILE_APPROVALS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : (
        <Badge size="sm" variant="surface" colorPalette={status === 'approved' ? 'green' : status === 'review' ? 'orange' : 'gray'} flexShrink={0}>
          {FILE_APPROVALS.find((o) => o.value === status)?.label ?? 'Pending'}
        </Badge>
      )}
    </Flex>
  );
}

function HistoryEntry({ entry }: { entry: ApprovalDecision }) {
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
          {displayName({ first_name: entry.decided_by_first_name, last_name: entry.decided_by_last_name, email: entry.decided_by_email })} ·{' '}
          {formatDateTime(entry.decided_at)}
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
export function ChecklistItemPage() {
  const { dealId = '', itemId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refreshChecklist = useChecklistRefresh(dealId);
  const uploader = useRef<ItemUploadHandle>(null);
  const [updateOpen, setUpdateOpen] = useState(false);
  const [changesOpen, setChangesOpen] = useState(false);
  const [note, setNote] = useState('');
  const [approvingFile, setApprovingFile] = useState<string | null>(null);

  const key = useMemo(() => checklistKeys.item(dealId, itemId), [dealId, itemId]);
  const item = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchChecklistItem(dealId, itemId, signal) });
  const notFound = item.error instanceof ApiError && item.error.status === 404;

  useEffect(() => {
    if (item.isError && !notFound) {
      notify.error('Failed to load checklist item details', detail(item.error));
      navigate(`/deals/${dealId}/checklist`, { replace: true });
    }
  }, [item.isError, item.error, notFound, navigate, dealId]);

  /** A fresh item from a change: keep the rights and history we have, then reload everything. */
  const applyFresh = useCallback(
    (fresh?: ChecklistItem) => {
      if (fresh) {
        queryClient.setQueryData<ChecklistItemDetail>(key, (old) => (old ? { ...old, ...fresh } : old));
      }
      refreshChecklist();
    },
    [queryClient, key, refreshChecklist],
  );

  const save = useMutation({
    mutationFn: (body: Parameters<typeof patchItem>[2]) => patchItem(dealId, itemId, body),
    onSuccess: (fresh) => {
      notify.success('Checklist item updated');
      applyFresh(fresh);
    },
    onError: (error) => notify.error('Failed to update checklist item', detail(error)),
  });
  const approve = useMutation({
    mutationFn: () => approveItem(dealId, itemId),
    onSuccess: (fresh) => {
      notify.success('Item approved');
      applyFresh(fresh);
    },
    onError: (error) => notify.error('Failed to approve item', detail(error)),
  });
  const sendBack = useMutation({
    mutationFn: (text: string) => requestChanges(dealId, itemId, text.trim() || undefined),
    onSuccess: (fresh) => {
      notify.success('Changes requested');
      setChangesOpen(false);
      applyFresh(fresh);
    },
    onError: (error) => notify.error('Failed to request changes', detail(error)),
  });
  const fileApproval = useMutation({
    mutationFn: ({ fileId, status }: { fileId: string; status: string }) => setFileApproval(dealId, fileId, status),
    onMutate: ({ fileId }) => setApprovingFile(fileId),
    onSuccess: () => {
      notify.success('Approval status updated');
      applyFresh();
    },
    onError: (error) => notify.error('Failed to update approval status', detail(error)),
    onSettled: () => setApprovingFile(null),
  });

  if (item.isPending) return <ItemSkeleton />;
  if (notFound) {
    return (
      <PageContainer>
        <Box py="12">
          <EmptyState
            icon={<FileQuestion />}
            title="Item not found"
            description="The checklist item may have been removed, or the link is wrong."
            action={
              <Button asChild size="sm" colorPalette="brand">
                <RouterLink to={`/deals/${dealId}/checklist`}>Back to Checklist</RouterLink>
              </Button>
            }
          />
        </Box>
      </PageContainer>
    );
  }
  if (item.isError || !item.data) return <ItemSkeleton />;

  const data = item.data;
  const approval = approvalOf(data);
  const pending = approval === 'pending';
  const expected = data.metadata?.anticipated_file_count ?? 0;
  const actual = data.metadata?.actual_file_count ?? data.connected_files.length;
  const tone = fileCountTone(expected, actual);
  const files = data.connected_files ?? [];

  return (
    <PageContainer>
      <Stack gap="5">
        <Box>
          <Button asChild variant="ghost" size="sm" ms="-3" color="fg.muted">
            <RouterLink to={`/deals/${dealId}/checklist`}>
              <ArrowLeft /> Back to Checklist
            </RouterLink>
          </Button>
          <HStack gap="3" mt="2" align="center" minW="0">
            {data.item_id && (
              <Flex align="center" justify="center" px="2" h="8" rounded="md" bg="brand.subtle" color="brand.fg" fontWeight="semibold" textStyle="sm" flexShrink={0} fontFamily="mono">
                {data.item_id}
              </Flex>
            )}
            <Heading as="h1" size="2xl" letterSpacing="-0.02em" lineClamp={2} title={data.name}>
              {data.name}
            </Heading>
          </HStack>
          <HStack gap="2" mt="3" wrap="wrap" data-testid="item-badges">
            <StatusBadge status={data.status} />
            {data.required && <RequiredBadge />}
            <ApprovalBadge approval={approval} />
            <Text textStyle="sm" color="fg.muted" ms="1">
              {data.category}
            </Text>
          </HStack>
        </Box>

        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 340px' }} gap="5" alignItems="start">
          <Stack gap="5" minW="0">
            <DetailsCard item={data} canEdit={data.can_edit} onSave={(body) => save.mutateAsync(body)} saving={save.isPending} />
            <Panel
              title={`Connected Files (${files.length})`}
              icon={<FileText size={16} />}
              testId="files-card"
              action={
                data.can_upload ? (
                  <Button size="xs" variant="outline" onClick={() => uploader.current?.browse()}>
                    <Upload /> Upload Files
                  </Button>
                ) : undefined
              }
            >
              <Stack gap="4">
                {files.length === 0 ? (
                  <Text textStyle="sm" color="fg.muted">
                    No files are connected to this item yet.
                  </Text>
                ) : (
                  <Box borderWidth="1px" borderColor="border" rounded="md">
                    {files.map((file) => (
                      <FileRow
                        key={file.file_id}
                        dealId={dealId}
                        file={file}
                        canApprove={data.can_approve}
                        busy={approvingFile === file.file_id}
                        onApproval={(status) => fileApproval.mutate({ fileId: file.file_id, status })}
                      />
                    ))}
                  </Box>
                )}
                {data.can_upload && (
                  <ItemUploadPanel ref={uploader} dealId={dealId} itemId={itemId} onUploaded={() => applyFresh()} />
                )}
              </Stack>
            </Panel>
          </Stack>

          <Stack gap="5" minW="0">
            <Panel title="File Count" testId="counts-card">
              <Flex gap="4">
                <Box flex="1">
                  <Text textStyle="xs" color="fg.muted" fontWeight="medium">
                    Expected
                  </Text>
                  <Text textStyle="2xl" fontWeight="semibold" data-testid="expected-count">
                    {expected}
                  </Text>
                </Box>
                <Box flex="1">
                  <Text textStyle="xs" color="fg.muted" fontWeight="medium">
                    Actual
                  </Text>
                  <Text textStyle="2xl" fontWeight="semibold" color={tone === 'met' ? 'green.fg' : undefined} data-testid="actual-count">
                    {actual}
                  </Text>
                </Box>
              </Flex>
              {expected > 0 && (
                <Box mt="3">
                  <ProgressBar progress={{ completed: Math.min(actual, expected), total: expected }} size="xs" label={`${actual} of ${expected} expected files`} />
                  <Text textStyle="xs" color="fg.muted" mt="1.5">
                    {tone === 'met' ? 'All expected files are in.' : `${Math.max(0, expected - actual)} more file${expected - actual === 1 ? '' : 's'} expected.`}
                  </Text>
                </Box>
              )}
            </Panel>

            <Panel title="Actions" testId="actions-card">
              <Stack gap="3">
                {data.can_approve && pending && (
                  <Stack gap="2">
                    <Button colorPalette="green" onClick={() => approve.mutate()} loading={approve.isPending} disabled={sendBack.isPending}>
                      <CheckCircle2 /> Approve
                    </Button>
                    <Button
                      variant="outline"
                      colorPalette="orange"
                      onClick={() => {
                        setNote('');
                        setChangesOpen(true);
                      }}
                      disabled={approve.isPending}
                    >
                      <MessageSquareWarning /> Request Changes
                    </Button>
                  </Stack>
                )}
                {data.can_approve && !pending && (
                  <Text textStyle="sm" color="fg.muted">
                    {approval === 'approved' ? 'This item has been approved.' : 'Changes were requested on this item.'} Approve and
                    Request Changes are offered only while an item is pending review.
                  </Text>
                )}
                {data.can_upload && (
                  <Button variant="outline" onClick={() => setUpdateOpen(true)}>
                    <RefreshCw /> Update Item
                  </Button>
                )}
                {!data.can_approve && !data.can_upload && (
                  <Text textStyle="sm" color="fg.muted">
                    You can view this item. Ask a deal admin for upload or approval rights.
                  </Text>
                )}
                {data.approval?.decided_at && (
                  <Text textStyle="xs" color="fg.muted">
                    Last decision {formatDateTime(data.approval.decided_at)}
                    {data.approval.decided_by ? ` by ${data.approval.decided_by}` : ''}
                  </Text>
                )}
              </Stack>
            </Panel>

            <Panel title="Approval History" icon={<History size={16} />} testId="history-card">
              {data.approval_history.length === 0 ? (
                <Text textStyle="sm" color="fg.muted">
                  No decisions yet.
                </Text>
              ) : (
                <Stack gap="4">
                  {data.approval_history.map((entry, index) => (
                    <HistoryEntry key={entry.id ?? index} entry={entry} />
                  ))}
                </Stack>
              )}
            </Panel>
          </Stack>
        </Grid>
      </Stack>

      <UpdateItemDialog
        open={updateOpen}
        onClose={() => setUpdateOpen(false)}
        dealId={dealId}
        item={data}
        canEditStatus={data.can_edit}
        onSaved={(fresh) => applyFresh(fresh)}
      />
      <Modal
        open={changesOpen}
        onClose={() => setChangesOpen(false)}
        size="md"
        title="Request Changes"
        description="The item goes back to the team with your note."
        preventClose={sendBack.isPending}
        footer={
          <>
            <Button variant="outline" onClick={() => setChangesOpen(false)} disabled={sendBack.isPending}>
              Cancel
            </Button>
            <Button colorPalette="orange" onClick={() => sendBack.mutate(note)} loading={sendBack.isPending}>
              Request Changes
            </Button>
          </>
        }
      >
        <Field.Root>
          <Field.Label>
            Note{' '}
            <Text as="span" color="fg.subtle" fontWeight="normal">
              (optional)
            </Text>
          </Field.Label>
          <Textarea value={note} onChange={(e) => setNote(e.target.value)} rows={4} placeholder="What is missing or needs to change?" autoFocus />
        </Field.Root>
      </Modal>
    </PageContainer>
  );
}

export default ChecklistItemPage;
