import { useQuery } from '@tanstack/react-query';
import type { PermissionSetUsage } from '@contracts/admin';
import { api } from '../../../lib/api/client';
import { adminKeys, systemSetPath } from './keys';

/** Who holds a system set: its members and groups across deals. */
export function useSetUsage(id: string | null) {
  return useQuery({
    queryKey: adminKeys.usage(id ?? ''),
    queryFn: ({ signal }) => api.get<PermissionSetUsage>(`${systemSetPath(id ?? '')}/usage`, { signal }),
    enabled: Boolean(id),
  });
}
