import { Button, Stack, Text } from '@chakra-ui/react';
import { CheckCircle2, MessageSquareWarning, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Panel } from '../../../components/panel';
import { formatDateTime } from '../../../lib/format';
import { useApproveItem } from '../api/approve-item';
import { useRequestItemChanges } from '../api/request-changes';
import { approvalOf } from '../logic';
import type { ChecklistItemDetail } from '../types';
import { RequestChangesDialog } from './request-changes-dialog';
import { UpdateItemDialog } from './update-item-dialog';

/** What the caller may do with the item: Approve or Request Changes while pending, Update Item; and the last decision. */
export function ActionsPanel({ dealId, itemId, data }: { dealId: string; itemId: string; data: ChecklistItemDetail }) {
  const [updateOpen, setUpdateOpen] = useState(false);
  const [changesOpen, setChangesOpen] = useState(false);
  const approve = useApproveItem(dealId, itemId);
  const sendBack = useRequestItemChanges(dealId, itemId, () => setChangesOpen(false));
  const approval = approvalOf(data);
  const pending = approval === 'pending';
  return (
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
            <Button variant="outline" colorPalette="orange" onClick={() => setChangesOpen(true)} disabled={approve.isPending}>
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
      <UpdateItemDialog
        open={updateOpen}
        onClose={() => setUpdateOpen(false)}
        dealId={dealId}
        item={data}
        canEditStatus={data.can_edit}
        canLinkFiles={Boolean(data.can_link_files)}
      />
      <RequestChangesDialog
        open={changesOpen}
        busy={sendBack.isPending}
        onSend={(note) => sendBack.mutate(note)}
        onClose={() => setChangesOpen(false)}
      />
    </Panel>
  );
}
