import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import type { FileComment } from '../types';
import { fileKeys } from './keys';
import { filePath } from '../../../lib/api/deal-path';

export const addComment = (dealId: string, fileId: string, comment: string) =>
  api.post<FileComment>(`${filePath(dealId, fileId)}/comments`, { comment });

export const useAddComment = (dealId: string, fileId: string) =>
  useApiMutation({
    mutationFn: (text: string) => addComment(dealId, fileId, text),
    invalidates: [fileKeys.comments(dealId, fileId)],
    errorMessage: 'Failed to add comment',
  });
