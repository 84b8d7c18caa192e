import { Badge, Box, Button, Collapsible, Stack, Table, Text } from '@chakra-ui/react';
import { SelectField } from '../../components/select-field';
import type { AuditEntry } from '@contracts/admin';
import { AUDIT_DAYS, AUDIT_PAGE_DEFAULT } from '@contracts/values';
import { Lock, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { formatDateTime } from '../../lib/format';
import { useAuditLogs } from './api/audit-logs';
import type { AuditFilters } from './api/keys';
import { AdminList } from './components/admin-list';
import { AdminPage } from './components/admin-page';
import { AdminPageHeader } from './components/admin-page-header';
import { AdminPanel } from './components/admin-panel';
import { AdminToolbar } from './components/admin-toolbar';
import { Pager } from '../../components/pager';

const ENTITY_TYPES: [string, string][] = [
  ['', 'All'],
  ['user', 'User'],
  ['catalog_item', 'Catalog item'],
  ['preset', 'Preset'],
  ['deal', 'Deal'],
  ['permission_set', 'Permission set'],
  ['file', 'File'],
];
const DAY_LABELS: Record<number, string> = { 7: 'Last 7 days', 30: 'Last 30 days', 90: 'Last 90 days', 365: 'Last year' };
const DEFAULT_FILTERS: AuditFilters = { entity_type: '', days: 30 };

/** 'super_admin_granted' reads 'Super Admin Granted'; the colour follows the kind of change. */
export function actionLabel(action: string): string {
  return action
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
/** docs/product.md: created green, updated blue, deleted red, granted or promoted purple, revoked orange, else grey. */
export function actionPalette(action: string): string {
  if (action.includes('created')) return 'green';
  if (action.includes('updated')) return 'blue';
  if (action.includes('deleted')) return 'red';
  if (/granted|promoted/.test(action)) return 'purple';
  if (action.includes('revoked')) return 'orange';
  return 'gray';
}

const ENTITY_PALETTES: Record<string, string> = { user: 'blue', catalog_item: 'green', preset: 'purple', deal: 'orange' };
/** The entity column's colour: user blue, catalog_item green, preset purple, deal orange, else grey. */
export const entityPalette = (entityType: string): string => ENTITY_PALETTES[entityType] ?? 'gray';

const show = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

function Details({ entry }: { entry: AuditEntry }) {
  const changes = Object.entries(entry.changes ?? {});
  const metadata = Object.keys(entry.metadata ?? {}).length > 0;
  if (!changes.length && !metadata)
    return (
      <Text textStyle="xs" color="fg.subtle">
        No additional details
      </Text>
    );
  return (
    <Stack gap="1">
      {changes.length > 0 && (
        <Collapsible.Root>
          <Collapsible.Trigger asChild>
            <Button size="2xs" variant="ghost">
              View changes ({changes.length})
            </Button>
          </Collapsible.Trigger>
          <Collapsible.Content>
            <Stack gap="0.5" textStyle="xs" pt="1" data-testid="audit-changes">
              {changes.map(([field, change]) => (
                <Text key={field} wordBreak="break-word">
                  <Text as="span" fontWeight="semibold">
                    {field}
                  </Text>
                  : {show(change?.old)} → {show(change?.new)}
                </Text>
              ))}
            </Stack>
          </Collapsible.Content>
        </Collapsible.Root>
      )}
      {metadata && (
        <Collapsible.Root>
          <Collapsible.Trigger asChild>
            <Button size="2xs" variant="ghost">
              View metadata
            </Button>
          </Collapsible.Trigger>
          <Collapsible.Content>
            <Box as="pre" textStyle="xs" bg="bg.subtle" p="2" rounded="md" whiteSpace="pre-wrap" wordBreak="break-word">
              {JSON.stringify(entry.metadata, null, 2)}
            </Box>
          </Collapsible.Content>
        </Collapsible.Root>
      )}
    </Stack>
  );
}

/** /admin/audit (docs/product.md §2 Audit Logs). */
export function AuditLogsPage() {
  const [filters, setFilters] = useState<AuditFilters>(DEFAULT_FILTERS);
  const [page, setPage] = useState(1);
  const logs = useAuditLogs(filters, page);
  const set = (patch: Partial<AuditFilters>) => {
    setFilters({ ...filters, ...patch });
    setPage(1);
  };
  const list = logs.data?.logs ?? [];
  const changed = filters.entity_type !== DEFAULT_FILTERS.entity_type || filters.days !== DEFAULT_FILTERS.days;
  return (
    <AdminPage>
      <AdminPageHeader
        title="Audit Logs"
        description={
          <>
            <Lock size={12} style={{ display: 'inline' }} /> Every administrative change, newest first. Logs cannot be deleted or
            modified.
          </>
        }
      />
      <AdminPanel>
        <AdminToolbar align="flex-end" count={logs.isSuccess ? `${logs.data.total_count} entries` : undefined}>
          <SelectField
            w={{ base: 'full', md: '52' }}
            label="Entity type"
            value={filters.entity_type}
            options={ENTITY_TYPES}
            onChange={(v) => set({ entity_type: v })}
          />
          <SelectField
            w={{ base: 'full', md: '52' }}
            label="Time range"
            value={String(filters.days)}
            options={AUDIT_DAYS.map((d) => [String(d), DAY_LABELS[d]] as const)}
            onChange={(v) => set({ days: Number(v) })}
          />
          <Button size="sm" variant="ghost" disabled={!changed} onClick={() => set(DEFAULT_FILTERS)}>
            Clear Filters
          </Button>
        </AdminToolbar>
        <AdminList
          query={logs}
          errorTitle="Failed to load audit logs"
          isEmpty={list.length === 0}
          empty={<EmptyState icon={<ScrollText />} title="No audit entries" description="Nothing was changed in this period." />}
          columns={[
            { label: 'Date and time' },
            { label: 'Action' },
            { label: 'Entity' },
            { label: 'Performed by' },
            { label: 'Details', minW: '64' },
          ]}
        >
          {list.map((entry) => (
            <Table.Row key={entry.id} data-testid="audit-row" verticalAlign="top">
              <Table.Cell>
                <Text textStyle="sm" whiteSpace="nowrap">
                  {formatDateTime(entry.created_at)}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <Badge size="sm" variant="subtle" colorPalette={actionPalette(entry.action)}>
                  {actionLabel(entry.action)}
                </Badge>
              </Table.Cell>
              <Table.Cell>
                <Badge size="sm" variant="outline" colorPalette={entityPalette(entry.entity_type)} data-testid="audit-entity">
                  {entry.entity_type.replace('_', ' ')}
                </Badge>
              </Table.Cell>
              <Table.Cell>
                <Text textStyle="sm" color={entry.performed_by_email ? 'fg' : 'fg.subtle'}>
                  {entry.performed_by_email ?? 'System'}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <Details entry={entry} />
              </Table.Cell>
            </Table.Row>
          ))}
        </AdminList>
        {logs.data && (
          <Pager page={page} total={logs.data.total_count} pageSize={AUDIT_PAGE_DEFAULT} noun="entries" onPageChange={setPage} />
        )}
      </AdminPanel>
    </AdminPage>
  );
}

export default AuditLogsPage;
