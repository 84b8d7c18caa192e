import { Box, Grid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Users } from 'lucide-react';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { LoadFailed } from '../../components/load-failed';
import { PageContainer } from '../../components/layout/page-container';
import { USERS_PAGE_SIZE } from './api/keys';
import { useDeleteGroupOrTag, type GroupOrTag } from './api/delete-group-or-tag';
import { useBulkRemoveMembers } from './api/bulk-remove-members';
import { useBulkUpdateMembers } from './api/bulk-update-members';
import { PeopleConfirmations } from './components/people-confirmations';
import { UsersFilterBar } from './components/users-filter-bar';
import { UsersHeader } from './components/users-header';
import type { GroupTagTarget } from './components/group-tag-dialog';
import {
  AddUsersDialog,
  BulkActionBar,
  EditUserDrawer,
  GroupTagDialog,
  InvitationsDialog,
  preloadPeopleParts,
} from './components/lazy-people-parts';
import { LoadOnOpen } from '../../components/load-on-open';
import { Pager } from '../../components/pager';
import { PeopleSidebar } from './components/people-sidebar';
import { UsersTable, type RowSelection } from './components/users-table';
import { useEnhancedUsers } from './api/list-users';
import { useGroups } from './api/list-groups';
import { usePendingInvitations } from './api/pending-invitations';
import { usePeopleAccess } from './api/people-access';
import { usePermissionSets } from './api/list-permission-sets';
import { useTags } from './api/list-tags';
import { type MemberStatus, type UserFilters } from './types';
import { useDebouncedValue } from '../../lib/use-debounced-value';

type Deleting = GroupOrTag;

/** Users & Permissions (/deals/{dealId}/users, docs/product.md §2). */
export function UsersPage() {
  const { dealId = '' } = useParams();

  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText);
  const [status, setStatus] = useState<'' | MemberStatus>('');
  const [groupId, setGroupId] = useState<string | undefined>();
  const [tagId, setTagId] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const [rowSelection, setRowSelection] = useState<RowSelection>({});
  const [openUserId, setOpenUserId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [showInvitations, setShowInvitations] = useState(false);
  const [editing, setEditing] = useState<GroupTagTarget | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [confirmBulkRemove, setConfirmBulkRemove] = useState(false);

  const filters: UserFilters = { page, search, status, group_id: groupId, tag_id: tagId };
  // A new filter starts again at page 1 with nothing selected.
  useEffect(() => {
    setPage(1);
  }, [search, status, groupId, tagId]);
  useEffect(() => {
    setRowSelection({});
  }, [search, status, groupId, tagId, page]);

  const access = usePeopleAccess(dealId);
  const users = useEnhancedUsers(dealId, filters);
  const canManage = Boolean(users.data?.can_manage ?? access.data?.can_manage);
  const canManageAdmins = Boolean(users.data?.can_manage_admins);
  const sets = usePermissionSets(dealId);
  const groups = useGroups(dealId);
  const tags = useTags(dealId);
  const invitations = usePendingInvitations(dealId, canManage);

  const rows = useMemo(() => users.data?.users ?? [], [users.data]);
  const selectedIds = Object.keys(rowSelection).filter((id) => rowSelection[id]);
  const openUser = openUserId ? (rows.find((user) => user.user_id === openUserId) ?? null) : null;
  const groupList = groups.data ?? [];
  const tagList = tags.data ?? [];
  const setList = sets.data ?? [];
  const pending = invitations.data ?? [];
  const activeGroup = groupList.find((group) => group.id === groupId);
  const activeTag = tagList.find((tag) => tag.id === tagId);
  const filtered = Boolean(search.trim() || status || groupId || tagId);

  const bulk = useBulkUpdateMembers(dealId, selectedIds, () => setRowSelection({}));

  const bulkRemove = useBulkRemoveMembers(dealId, () => {
    setConfirmBulkRemove(false);
    setRowSelection({});
  });

  const removeGroupOrTag = useDeleteGroupOrTag(dealId, (target) => {
    if (target.kind === 'group' && groupId === target.item.id) setGroupId(undefined);
    if (target.kind === 'tag' && tagId === target.item.id) setTagId(undefined);
    setDeleting(null);
  });

  const total = users.data?.total_count ?? 0;
  const memberCount = access.data?.total_count ?? (!filtered ? total : undefined);

  return (
    <PageContainer>
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', md: '208px minmax(0, 1fr)', lg: '236px minmax(0, 1fr)' }}
        gap="6"
        alignItems="start"
        onPointerOver={preloadPeopleParts}
        onFocus={preloadPeopleParts}
      >
        <PeopleSidebar
          groups={groupList}
          tags={tagList}
          loading={groups.isPending || tags.isPending}
          totalMembers={memberCount}
          groupId={groupId}
          tagId={tagId}
          canManage={canManage}
          onSelectAll={() => {
            setGroupId(undefined);
            setTagId(undefined);
          }}
          onSelect={(kind, id) => (kind === 'group' ? setGroupId : setTagId)((current) => (current === id ? undefined : id))}
          onEdit={(kind, item) => setEditing({ kind, item } as GroupTagTarget)}
          onDelete={(kind, item) => setDeleting({ kind, item } as GroupOrTag)}
        />

        <Stack gap="5" minW="0">
          <UsersHeader
            dealId={dealId}
            memberCount={memberCount}
            canManage={canManage}
            pendingCount={invitations.isPending ? undefined : pending.length}
            onShowInvitations={() => setShowInvitations(true)}
            onAdd={() => setAdding(true)}
          />

          <Box bg="bg" borderWidth="1px" borderColor="border" rounded="xl" overflow="hidden">
            <Stack gap="3" p="3" borderBottomWidth="1px" borderColor="border">
              <UsersFilterBar
                searchText={searchText}
                setSearchText={setSearchText}
                status={status}
                setStatus={setStatus}
                activeGroup={activeGroup}
                activeTag={activeTag}
                onClearGroup={() => setGroupId(undefined)}
                onClearTag={() => setTagId(undefined)}
              />
              {canManage && selectedIds.length > 0 && (
                <Suspense fallback={null}>
                  <BulkActionBar
                    count={selectedIds.length}
                    sets={setList}
                    groups={groupList}
                    tags={tagList}
                    busy={bulk.isPending || bulkRemove.isPending}
                    onAction={(action) => bulk.mutate(action)}
                    onRemove={() => setConfirmBulkRemove(true)}
                    onClear={() => setRowSelection({})}
                  />
                </Suspense>
              )}
            </Stack>

            {users.isPending ? (
              <Stack gap="3" p="4">
                {Array.from({ length: 6 }, (_, i) => (
                  <Skeleton key={i} h="9" />
                ))}
              </Stack>
            ) : users.isError && !users.data ? (
              <Box py="12">
                <LoadFailed icon={<Users />} title="Failed to load users and permissions" query={users} />
              </Box>
            ) : rows.length === 0 ? (
              <Box py="12">
                <EmptyState
                  icon={<Users />}
                  title="No users found"
                  description={
                    filtered ? 'No member matches this search or filter.' : 'Invite people with Add Users to get started.'
                  }
                />
              </Box>
            ) : (
              <Box opacity={users.isPlaceholderData ? 0.6 : 1} transition="opacity 0.15s">
                <UsersTable
                  users={rows}
                  canManage={canManage}
                  rowSelection={rowSelection}
                  onRowSelectionChange={setRowSelection}
                  onOpen={(user) => setOpenUserId(user.user_id)}
                />
              </Box>
            )}
            {total > USERS_PAGE_SIZE ? (
              <Pager page={page} total={total} pageSize={USERS_PAGE_SIZE} onPageChange={setPage} />
            ) : filtered && rows.length > 0 ? (
              <Text px="4" py="2.5" borderTopWidth="1px" borderColor="border" textStyle="sm" color="fg.muted">
                {total === 1 ? '1 member matches' : `${total} members match`}
              </Text>
            ) : null}
          </Box>
        </Stack>
      </Grid>

      <LoadOnOpen open={openUser !== null}>
        <EditUserDrawer
          dealId={dealId}
          user={openUser}
          canManage={canManage}
          canManageAdmins={canManageAdmins}
          sets={setList}
          groups={groupList}
          tags={tagList}
          onClose={() => setOpenUserId(null)}
        />
      </LoadOnOpen>
      {canManage && (
        <>
          <LoadOnOpen open={adding}>
            <AddUsersDialog
              dealId={dealId}
              open={adding}
              onClose={() => setAdding(false)}
              sets={setList}
              groups={groupList}
              tags={tagList}
            />
          </LoadOnOpen>
          <LoadOnOpen open={showInvitations}>
            <InvitationsDialog
              dealId={dealId}
              open={showInvitations}
              onClose={() => setShowInvitations(false)}
              invitations={pending}
              loading={invitations.isPending}
            />
          </LoadOnOpen>
          <LoadOnOpen open={editing !== null}>
            <GroupTagDialog dealId={dealId} target={editing} sets={setList} onClose={() => setEditing(null)} />
          </LoadOnOpen>
        </>
      )}
      <PeopleConfirmations
        deleting={deleting}
        deletingBusy={removeGroupOrTag.isPending}
        onDelete={(target) => removeGroupOrTag.mutate(target)}
        onCloseDeleting={() => setDeleting(null)}
        bulkRemoveCount={confirmBulkRemove ? selectedIds.length : null}
        bulkRemoveBusy={bulkRemove.isPending}
        onBulkRemove={() => bulkRemove.mutate(selectedIds)}
        onCloseBulkRemove={() => setConfirmBulkRemove(false)}
      />
    </PageContainer>
  );
}

export default UsersPage;
