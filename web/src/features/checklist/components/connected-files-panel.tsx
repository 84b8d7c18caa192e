import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { FileText, Upload } from 'lucide-react';
import { useRef } from 'react';
import { Panel } from '../../../components/panel';
import { useSetConnectedFileApproval } from '../api/set-file-approval';
import type { ChecklistItemDetail } from '../types';
import { ConnectedFileRow } from './connected-file-row';
import { ItemUploadPanel, type ItemUploadHandle } from './item-upload-panel';

/** The item's connected files, each with its approval, and (with the right to upload) the upload into the item. */
export function ConnectedFilesPanel({ dealId, itemId, data }: { dealId: string; itemId: string; data: ChecklistItemDetail }) {
  const uploader = useRef<ItemUploadHandle>(null);
  const fileApproval = useSetConnectedFileApproval(dealId);
  const approvingFile = fileApproval.isPending ? fileApproval.variables?.fileId : undefined;
  const files = data.connected_files ?? [];
  return (
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
              <ConnectedFileRow
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
        {data.can_upload && <ItemUploadPanel ref={uploader} dealId={dealId} itemId={itemId} />}
      </Stack>
    </Panel>
  );
}
