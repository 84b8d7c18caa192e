import { Box, Button, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useDeletePermissionSet } from './api/delete-permission-set';
import { Section, SetsTable } from './components/permission-sets-table';
import { ArrowLeft, KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { DeleteDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { LoadFailed } from '../../components/load-failed';
import { PageContainer } from '../../components/layout/page-container';
import { pluralize } from '../../lib/format';
import { enabledCapabilities } from '../../lib/permission-sets';
import { PermissionSetDialog } from './components/permission-set-dialog';
import { usePeopleAccess } from './api/people-access';
import { usePermissionSets } from './api/list-permission-sets';
import { type PermissionSet } from './types';

/** Permission Sets (/deals/{dealId}/permissions, docs/product.md §2): system and custom sets. */
export function PermissionSetsPage() {
  const { dealId = '' } = useParams();
  const sets = usePermissionSets(dealId, { reportFailure: true });
  const access = usePeopleAccess(dealId);
  const canManage = Boolean(access.data?.can_manage);
  const [editing, setEditing] = useState<PermissionSet | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<PermissionSet | null>(null);

  const remove = useDeletePermissionSet(dealId, () => setDeleting(null));

  const list = sets.data ?? [];
  // System sets from the fewest capabilities to the most (upload_only … edit).
  const system = list
    .filter((set) => set.type === 'system')
    .sort((a, b) => enabledCapabilities(a.capabilities).length - enabledCapabilities(b.capabilities).length);
  const custom = list.filter((set) => set.type !== 'system');
  const createButton = canManage ? (
    <Button size="sm" colorPalette="brand" onClick={() => setCreating(true)}>
      <Plus /> Create Permission Set
    </Button>
  ) : undefined;

  return (
    <PageContainer>
      <Stack gap="6">
        <Box>
          <Button asChild variant="ghost" size="xs" ms="-2" mb="2" color="fg.muted">
            <RouterLink to={`/deals/${dealId}/users`}>
              <ArrowLeft /> Back to Users &amp; Permissions
            </RouterLink>
          </Button>
          <Flex justify="space-between" align={{ base: 'flex-start', md: 'flex-end' }} gap="4" wrap="wrap">
            <Box>
              <Heading as="h1" size="2xl" letterSpacing="-0.02em">
                Permission Sets
              </Heading>
              <Text color="fg.muted" textStyle="sm" mt="1" maxW="2xl">
                A permission set bundles capabilities. Each member holds one, and each group can add one; a member’s effective
                permissions combine them all.
              </Text>
            </Box>
            {createButton}
          </Flex>
        </Box>

        {sets.isPending ? (
          <Stack gap="4">
            <Skeleton h="60" rounded="xl" />
            <Skeleton h="32" rounded="xl" />
          </Stack>
        ) : sets.isError ? (
          <LoadFailed icon={<KeyRound />} title="Failed to load permission sets" query={sets} />
        ) : (
          <>
            <Section
              title="System sets"
              count={system.length}
              description="Available in every deal and managed by the platform’s super administrators."
            >
              <SetsTable sets={system} canManage={false} testId="system-sets" />
            </Section>
            <Section title="Custom sets" count={custom.length} description="Defined for this deal only.">
              {custom.length === 0 ? (
                <Box py="8">
                  <EmptyState
                    size="sm"
                    icon={<KeyRound />}
                    title="No custom permission sets"
                    description={
                      canManage
                        ? 'Create a set when the system sets do not fit, for example reviewers who may comment but not download.'
                        : 'This deal uses the system sets only.'
                    }
                  />
                </Box>
              ) : (
                <SetsTable sets={custom} canManage={canManage} onEdit={setEditing} onDelete={setDeleting} testId="custom-sets" />
              )}
            </Section>
          </>
        )}
      </Stack>

      <PermissionSetDialog
        dealId={dealId}
        open={creating || Boolean(editing)}
        set={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      <DeleteDialog
        row={deleting}
        title="Delete permission set"
        message={
          <Stack gap="2">
            <Text>
              Delete the permission set <strong>{deleting?.name}</strong>?
            </Text>
            {deleting && (deleting.user_count || deleting.group_count) ? (
              <Text textStyle="sm" color="fg.muted">
                It is still held by {pluralize(deleting.user_count ?? 0, 'user')} and{' '}
                {pluralize(deleting.group_count ?? 0, 'group')}; move them to another set first.
              </Text>
            ) : (
              <Text textStyle="sm" color="fg.muted">
                This cannot be undone.
              </Text>
            )}
          </Stack>
        }
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </PageContainer>
  );
}

export default PermissionSetsPage;
