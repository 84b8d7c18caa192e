import { Box, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { AdminUser } from '@contracts/admin';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { Modal } from '../../../components/modal';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useEligibleUsers } from '../api/eligible-users';
import { useToggleSuperAdmin } from '../api/toggle-super-admin';
import { LoadError } from './load-error';
import { SearchField } from './search-field';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** Promote User (docs/product.md §2 Super Admins page): search the users who are not super admins yet. */
export function PromoteUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const eligible = useEligibleUsers(q, open);
  const [picked, setPicked] = useState<AdminUser | null>(null);
  const toggle = useToggleSuperAdmin(() => {
    setPicked(null);
    onClose();
  });
  const users = eligible.data?.users ?? [];
  return (
    <>
      <Modal
        open={open && picked === null}
        onClose={onClose}
        title="Promote User"
        size="lg"
        description="A super admin manages users, the catalog, presets and system permission sets, and reads the audit log. It grants nothing inside deals."
      >
        <Stack gap="3" pb="4">
          <SearchField
            value={search}
            onChange={setSearch}
            label="Search users to promote"
            placeholder="Search by e-mail, name or title"
          />
          {eligible.isPending ? (
            <Stack gap="2">
              <Skeleton h="10" />
              <Skeleton h="10" />
            </Stack>
          ) : eligible.isError ? (
            <LoadError
              title="Failed to load users"
              error={eligible.error}
              retrying={eligible.isFetching}
              onRetry={() => eligible.refetch()}
            />
          ) : users.length === 0 ? (
            <EmptyState
              size="sm"
              title="No users found"
              description={q ? 'Try another name or e-mail.' : 'Every user is already a super admin.'}
            />
          ) : (
            <Stack gap="0" maxH="80" overflowY="auto" separator={<Box borderTopWidth="1px" borderColor="border.muted" />}>
              {users.map((user) => (
                <HStack key={user.id} justify="space-between" py="2" data-testid="eligible-user">
                  <Box minW="0">
                    <Text fontWeight="medium" truncate>
                      {[user.first_name, user.last_name].filter(Boolean).join(' ') || user.email}
                    </Text>
                    <Text textStyle="xs" color="fg.muted" truncate>
                      {user.email}
                      {user.title ? ` · ${user.title}` : ''}
                    </Text>
                  </Box>
                  <Button size="xs" variant="outline" onClick={() => setPicked(user)}>
                    Promote
                  </Button>
                </HStack>
              ))}
            </Stack>
          )}
          {(eligible.data?.total_count ?? 0) > users.length && (
            <Text textStyle="xs" color="fg.muted">
              Showing {users.length} of {eligible.data?.total_count}; search to narrow the list.
            </Text>
          )}
        </Stack>
      </Modal>
      <ConfirmDialog
        open={picked !== null}
        title="Promote to Super Admin"
        confirmLabel="Promote"
        loading={toggle.isPending}
        message={<Text>Make {picked?.email} a super admin? They will reach the admin portal at once.</Text>}
        onConfirm={() => picked && toggle.mutate({ user: picked, promote: true })}
        onClose={() => setPicked(null)}
      />
    </>
  );
}
