import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { FilePermissions } from '../types';
import { fileKeys } from './keys';
import { filePath } from '../../../lib/api/deal-path';

export const ALL_MEMBERS: FilePermissions = {
  type: 'all',
  allowed_users: [],
  allowed_groups: [],
  allowed_tags: [],
  denied_users: [],
  denied_groups: [],
  denied_tags: [],
};

/** docs/product.md §8 quiet failure: loading a file's permissions falls back to type 'all' on error. */
export async function fetchPermissions(dealId: string, fileId: string, signal?: AbortSignal): Promise<FilePermissions> {
  try {
    const data = await api.get<Partial<FilePermissions>>(`${filePath(dealId, fileId)}/permissions`, { signal });
    return {
      type: data?.type === 'custom' ? 'custom' : 'all',
      allowed_users: data?.allowed_users ?? [],
      allowed_groups: data?.allowed_groups ?? [],
      allowed_tags: data?.allowed_tags ?? [],
      denied_users: data?.denied_users ?? [],
      denied_groups: data?.denied_groups ?? [],
      denied_tags: data?.denied_tags ?? [],
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ...ALL_MEMBERS };
  }
}

export const useFilePermissions = (dealId: string, fileId: string, enabled = true) =>
  useQuery({
    queryKey: fileKeys.permissions(dealId, fileId),
    queryFn: ({ signal }) => fetchPermissions(dealId, fileId, signal),
    enabled,
  });
