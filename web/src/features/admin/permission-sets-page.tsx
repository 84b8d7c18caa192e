import { Badge, Box, Button, Card, Flex, HStack, SimpleGrid, Skeleton, Text, Wrap } from '@chakra-ui/react';
import type { SystemPermissionSet } from '@contracts/admin';
import { KeyRound, Pencil, Plus, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { DeleteDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { CAPABILITIES } from '../../lib/permission-sets';
import { useDeleteSystemSet } from './api/delete-system-set';
import { useSystemSets } from './api/list-system-sets';
import { AdminPage } from './components/admin-page';
import { AdminPageHeader } from './components/admin-page-header';
import { LoadError } from './components/load-error';
import { AdminPanel } from './components/admin-panel';
import { SearchField } from './components/search-field';
import { AdminToolbar } from './components/admin-toolbar';
import { useFormDialog } from '../../lib/use-dialog-target';
import { useSearchPaging } from '../../lib/use-list-paging';
import { SetUsageDialog, SystemSetDialog } from './components/system-set-dialogs';
import { Pager } from '../../components/pager';
import { ADMIN_PAGE_SIZE } from './api/keys';

function SetCard({
  set,
  onEdit,
  onDelete,
  onUsage,
}: {
  set: SystemPermissionSet;
  onEdit: () => void;
  onDelete: () => void;
  onUsage: () => void;
}) {
  const granted = CAPABILITIES.filter((cap) => set.capabilities[cap]);
  return (
    <Card.Root variant="outline" size="sm" data-testid="system-set-card">
      <Card.Body gap="3">
        <Flex justify="space-between" align="flex-start" gap="2">
          <Box minW="0">
            <HStack gap="2">
              <Text fontWeight="semibold">{set.name}</Text>
              {set.built_in && (
                <Badge size="sm" colorPalette="blue" variant="subtle">
                  Built-in
                </Badge>
              )}
            </HStack>
            <Text textStyle="sm" color="fg.muted" lineClamp={2}>
              {set.description || 'No description'}
            </Text>
          </Box>
          <HStack gap="0.5">
            <Button size="xs" variant="ghost" aria-label={`Edit ${set.name}`} onClick={onEdit}>
              <Pencil />
            </Button>
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              aria-label={`Delete ${set.name}`}
              disabled={set.built_in}
              title={set.built_in ? 'Built-in sets cannot be deleted' : undefined}
              onClick={onDelete}
            >
              <Trash2 />
            </Button>
          </HStack>
        </Flex>
        <Wrap gap="1">
          {granted.length ? (
            granted.map((cap) => (
              <Badge key={cap} size="sm" variant="outline">
                {cap.replace('_', ' ')}
              </Badge>
            ))
          ) : (
            <Text textStyle="xs" color="fg.subtle">
              No capabilities
            </Text>
          )}
        </Wrap>
        <Button size="xs" variant="subtle" alignSelf="flex-start" onClick={onUsage}>
          <Users /> {set.user_count} member{set.user_count === 1 ? '' : 's'} · {set.group_count} group
          {set.group_count === 1 ? '' : 's'}
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

/** /admin/permission-sets (docs/product.md §2 System Permission Sets page). */
export function PermissionSetsPage() {
  const { search, setSearch, q, page, setPage } = useSearchPaging();
  const sets = useSystemSets(q, page);
  const form = useFormDialog<SystemPermissionSet>();
  const [usage, setUsage] = useState<SystemPermissionSet | null>(null);
  const [deleting, setDeleting] = useState<SystemPermissionSet | null>(null);
  const remove = useDeleteSystemSet(() => setDeleting(null));
  const list = sets.data?.permission_sets ?? [];

  return (
    <AdminPage>
      <AdminPageHeader
        title="System Permission Sets"
        description="Sets offered in every deal. The four built-in ones keep their names and cannot be deleted."
        actions={
          <Button colorPalette="brand" size="sm" onClick={() => form.openFor(null)}>
            <Plus /> Create Set
          </Button>
        }
      />
      <AdminPanel>
        <AdminToolbar>
          <SearchField
            value={search}
            onChange={setSearch}
            label="Search permission sets"
            placeholder="Search by name or description"
          />
        </AdminToolbar>
        {sets.isError && !sets.data ? (
          <LoadError
            title="Failed to load permission sets"
            error={sets.error}
            retrying={sets.isFetching}
            onRetry={() => sets.refetch()}
          />
        ) : sets.isPending ? (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" p="4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h="36" rounded="lg" />
            ))}
          </SimpleGrid>
        ) : list.length === 0 ? (
          <Box py="6">
            <EmptyState icon={<KeyRound />} title="No permission sets found" description="Try another search." />
          </Box>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" p="4">
            {list.map((set) => (
              <SetCard
                key={set.id}
                set={set}
                onEdit={() => form.openFor(set)}
                onDelete={() => setDeleting(set)}
                onUsage={() => setUsage(set)}
              />
            ))}
          </SimpleGrid>
        )}
        {sets.data && (
          <Pager page={page} total={sets.data.total_count} pageSize={ADMIN_PAGE_SIZE} noun="sets" onPageChange={setPage} />
        )}
      </AdminPanel>
      <SystemSetDialog open={form.open} set={form.row} onClose={form.close} />
      <SetUsageDialog set={usage} onClose={() => setUsage(null)} />
      <DeleteDialog
        row={deleting}
        title="Delete Permission Set"
        message={<Text>Delete the system permission set &quot;{deleting?.name}&quot;? It disappears from every deal.</Text>}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </AdminPage>
  );
}

export default PermissionSetsPage;
