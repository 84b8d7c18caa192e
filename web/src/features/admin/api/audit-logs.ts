import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@contracts/admin';
import { AUDIT_PAGE_DEFAULT } from '@contracts/values';
import { api } from '../../../lib/api/client';
import { adminKeys, type AuditFilters } from './keys';

export function useAuditLogs(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: adminKeys.audit(filters, page),
    queryFn: ({ signal }) =>
      api.get<AuditPage>('/admin/audit', {
        query: { entity_type: filters.entity_type || undefined, days: filters.days, page, page_size: AUDIT_PAGE_DEFAULT },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
