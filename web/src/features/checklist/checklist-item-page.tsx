import { Box, Button, Flex, Grid, Stack, Text } from '@chakra-ui/react';
import { CheckCircle2, FileQuestion, FileText, History, MessageSquareWarning, RefreshCw, Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageContainer } from '../../components/layout/page-container';
import { ProgressBar } from '../../components/progress-bar';
import { ApiError, errorDetail } from '../../lib/api/client';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/toast';
import { useChecklistItem } from './api/checklist-reads';
import {
  useApplyFreshItem,
  useApproveItem,
  useRequestItemChanges,
  useSaveItem,
  useSetConnectedFileApproval,
} from './api/item-changes';
import { ItemUploadPanel, type ItemUploadHandle } from './components/item-upload-panel';
import { UpdateItemDialog } from './components/update-item-dialog';
import { approvalOf, fileCountTone } from './logic';
import { ItemHeader } from './components/item-header';
import { RequestChangesDialog } from './components/request-changes-dialog';
import { DetailsCard, FileRow, HistoryEntry, ItemSkeleton } from './components/item-cards';
import { Panel } from '../../components/panel';

const detail = (error: unknown) => errorDetail(error, '') || undefined;

export function ChecklistItemPage() {
  const { dealId = '', itemId = '' } = useParams();
  const navigate = useNavigate();
  const applyFresh = useApplyFreshItem(dealId, itemId);
  const uploader = useRef<ItemUploadHandle>(null);
  const [updateOpen, setUpdateOpen] = useState(false);
  const [changesOpen, setChangesOpen] = useState(false);

  const item = useChecklistItem(dealId, itemId);
  const notFound = item.error instanceof ApiError && item.error.status === 404;

  useEffect(() => {
    if (item.isError && !notFound) {
      notify.error('Failed to load checklist item details', detail(item.error));
      navigate(`/deals/${dealId}/checklist`, { replace: true });
    }
  }, [item.isError, item.error, notFound, navigate, dealId]);

  const save = useSaveItem(dealId, itemId);
  const approve = useApproveItem(dealId, itemId);
  const sendBack = useRequestItemChanges(dealId, itemId, () => setChangesOpen(false));
  const fileApproval = useSetConnectedFileApproval(dealId, itemId);
  const approvingFile = fileApproval.isPending ? fileApproval.variables?.fileId : undefined;

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
        <ItemHeader dealId={dealId} data={data} approval={approval} />

        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 340px' }} gap="5" alignItems="start">
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
                  <Text
                    textStyle="2xl"
                    fontWeight="semibold"
                    color={tone === 'met' ? 'green.fg' : undefined}
                    data-testid="actual-count"
                  >
                    {actual}
                  </Text>
                </Box>
              </Flex>
              {expected > 0 && (
                <Box mt="3">
                  <ProgressBar
                    progress={{ completed: Math.min(actual, expected), total: expected }}
                    size="xs"
                    label={`${actual} of ${expected} expected files`}
                  />
                  <Text textStyle="xs" color="fg.muted" mt="1.5">
                    {tone === 'met'
                      ? 'All expected files are in.'
                      : `${Math.max(0, expected - actual)} more file${expected - actual === 1 ? '' : 's'} expected.`}
                  </Text>
                </Box>
              )}
            </Panel>

            <Panel title="Actions" testId="actions-card">
              <Stack gap="3">
                {data.can_approve && pending && (
                  <Stack gap="2">
                    <Button
                      colorPalette="green"
                      onClick={() => approve.mutate()}
                      loading={approve.isPending}
                      disabled={sendBack.isPending}
                    >
                      <CheckCircle2 /> Approve
                    </Button>
                    <Button
                      variant="outline"
                      colorPalette="orange"
                      onClick={() => setChangesOpen(true)}
                      disabled={approve.isPending}
                    >
                      <MessageSquareWarning /> Request Changes
                    </Button>
                  </Stack>
                )}
                {data.can_approve && !pending && (
                  <Text textStyle="sm" color="fg.muted">
                    {approval === 'approved' ? 'This item has been approved.' : 'Changes were requested on this item.'} Approve
                    and Request Changes are offered only while an item is pending review.
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
        canLinkFiles={Boolean(data.can_link_files)}
        onSaved={(fresh) => applyFresh(fresh)}
        onUploaded={() => applyFresh()}
      />
      <RequestChangesDialog
        open={changesOpen}
        busy={sendBack.isPending}
        onSend={(note) => sendBack.mutate(note)}
        onClose={() => setChangesOpen(false)}
      />
    </PageContainer>
  );
}

export default ChecklistItemPage;
