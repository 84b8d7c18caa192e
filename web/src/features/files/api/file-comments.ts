import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { FileComment } from '../types';
import { fileKeys } from './keys';
import { filePath } from '../../../lib/api/deal-path';

export const fetchComments = (dealId: string, fileId: string, signal?: AbortSignal) =>
  api.get<FileComment[]>(`${filePath(dealId, fileId)}/comments`, { signal });

export const useFileComments = (dealId: string, fileId: string, enabled = true) =>
  useQuery({
    queryKey: fileKeys.comments(dealId, fileId),
    queryFn: ({ signal }) => fetchComments(dealId, fileId, signal),
    enabled,
    meta: { errorTitle: 'Failed to load file data' },
  });
