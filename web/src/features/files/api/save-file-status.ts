import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '../../../lib/mutation';
import type { StatusChange } from '../components/status-card';
import type { FileDetail } from '../types';
import { fileChangeKeys, fileKeys } from './keys';
import { useReloadOnConflict } from './reload-on-conflict';
import { setApproval, updateFile } from './update-file';

/** Tags and approval: through the file edit with the right to edit it, else (an approver) the approval alone. */
export function useSaveFileStatus(dealId: string, fileId: string, current: FileDetail | undefined) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: async (change: StatusChange) => {
      if (!current) throw new Error('The file is not loaded');
      const tagsChanged = JSON.stringify(change.tags) !== JSON.stringify(current.tags ?? []);
      const statusChanged = change.approval_status !== (current.approval_status ?? 'pending');
      if (current.can_edit) {
        return updateFile(
          dealId,
          fileId,
          {
            ...(tagsChanged ? { tags: change.tags } : {}),
            ...(statusChanged ? { approval_status: change.approval_status } : {}),
          },
          current.edit_version,
        );
      }
      let fresh: FileDetail | undefined;
      if (statusChanged) fresh = await setApproval(dealId, fileId, change.approval_status);
      return fresh ?? current;
    },
    invalidates: fileChangeKeys(dealId, fileId),
    successMessage: 'File updated',
    errorMessage: 'Failed to update file',
    onSuccess: (fresh) => {
      if (fresh) queryClient.setQueryData(fileKeys.detail(dealId, fileId), fresh);
    },
    onError: useReloadOnConflict(dealId, fileId),
  });
}
