import { Badge, Box, Button, Flex, Heading, HStack, IconButton, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useDeletePermissionSet } from './api/access-changes';
import { ArrowLeft, Check, KeyRound, Minus, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { PageContainer } from '../../components/layout/PageContainer';
import { errorDetail } from '../../lib/api';
import { pluralize } from '../../lib/format';
import { notify } from '../../lib/toast';
import { CAPABILITY_INFO, enabledCapabilities, permissionSetLabel } from './capabilities';
import { PermissionSetDialog } from './components/PermissionSetDialog';
import { usePeopleAccess, usePermissionSets } from './hooks';
import { CAPABILITIES, type PermissionSet } from './types';

function SetsTable({
  sets,
  canManage,
  onEdit,
  onDelete,
  testId,
}: {
  sets: PermissionSet[];
  canManage: boolean;
  onEdit?: (set: PermissionSet) => void;
  onDelete?: (set: PermissionSet) => void;
  testId: string;
}) {
  const actions = Boolean(canManage && onEdit);
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" tableLayout="fixed" minW="980px" data-testid={testId}>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader w="260px" px="4" py="2.5" textStyle="xs" color="fg.muted" fontWeight="semibold">
              Name
            </Table.ColumnHeader>
            {CAPABILITIES.map((cap) => (
              <Table.ColumnHeader
                key={cap}
                textAlign="center"
                px="1"
                py="2.5"
                textStyle="xs"
                color="fg.muted"
                fontWeight="semibold"
                lineHeight="1.2"
                title={CAPABILITY_INFO[cap].description}
              >
                {CAPABILITY_INFO[cap].label}
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader w="96px" px="3" textStyle="xs" color="fg.muted" fontWeight="semibold" textAlign="right">
              In use
            </Table.ColumnHeader>
            {/* Always present, so the system and custom tables line up. */}
            <Table.ColumnHeader w="84px" />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {sets.map((set) => (
            <Table.Row key={set.id} data-testid="permission-set-row">
              <Table.Cell px="4" py="3">
                <Text textStyle="sm" fontWeight="semibold">
                  {set.type === 'system' ? permissionSetLabel(set.name) : set.name}
                </Text>
                {set.type === 'system' && permissionSetLabel(set.name) !== set.name && (
                  <Text as="code" textStyle="xs" color="fg.subtle">
                    {set.name}
                  </Text>
                )}
                {set.description && (
                  <Text textStyle="xs" color="fg.muted" lineClamp={2} title={set.description}>
                    {set.description}
                  </Text>
                )}
              </Table.Cell>
              {CAPABILITIES.map((cap) => (
                <Table.Cell key={cap} textAlign="center" px="1">
                  {set.capabilities[cap] ? (
                    <Flex
                      justify="center"
                      color="green.600"
                      aria-label={`${CAPABILITY_INFO[cap].label}: yes`}
                      role="img"
                    >
                      <Check size={16} strokeWidth={2.75} />
                    </Flex>
                  ) : (
                    <Flex justify="center" color="fg.subtle" aria-label={`${CAPABILITY_INFO[cap].label}: no`} role="img">
                      <Minus size={14} />
                    </Flex>
                  )}
                </Table.Cell>
              ))}
              <Table.Cell px="3" textAlign="right" textStyle="xs" color="fg.muted" whiteSpace="nowrap">
                <Text>{pluralize(set.user_count ?? 0, 'user')}</Text>
                <Text>{pluralize(set.group_count ?? 0, 'group')}</Text>
              </Table.Cell>
              {!actions && <Table.Cell />}
              {actions && (
                <Table.Cell px="2" textAlign="right">
                  <HStack gap="0.5" justify="flex-end">
                    <IconButton size="xs" variant="ghost" aria-label={`Edit ${set.name}`} onClick={() => onEdit?.(set)}>
                      <Pencil />
                    </IconButton>
                    <IconButton
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={`Delete ${set.name}`}
                      onClick={() => onDelete?.(set)}
                    >
                      <Trash2 />
                    </IconButton>
                  </HStack>
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function Section({
  title,
  description,
  count,
  action,
  children,
}: {
  title: string;
  description: string;
  count?: number;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box bg="bg" borderWidth="1px" borderColor="border" rounded="xl" overflow="hidden">
      <Flex px="4" py="3" justify="space-between" align="center" gap="3" borderBottomWidth="1px" borderColor="border">
        <Box>
          <HStack gap="2">
            <Heading as="h2" size="sm">
              {title}
            </Heading>
            {count !== undefined && (
              <Badge size="sm" variant="subtle" colorPalette="gray">
                {count}
              </Badge>
            )}
          </HStack>
          <Text textStyle="xs" color="fg.muted" mt="0.5">
            {description}
          </Text>
        </Box>
        {action}
      </Flex>
      {children}
    </Box>
  );
}

/** Permission Sets (/deals/{dealId}/permissions, docs/product.md §2): system and custom sets. */
export function PermissionSetsPage() {
  const { dealId = '' } = useParams();
  const sets = usePermissionSets(dealId);
  const access = usePeopleAccess(dealId);
  const canManage = Boolean(access.data?.can_manage);
  const [editing, setEditing] = useState<PermissionSet | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<PermissionSet | null>(null);

  useEffect(() => {
    if (sets.isError) notify.error('Failed to load permission sets', errorDetail(sets.error, '') || undefined);
  }, [sets.isError, sets.error]);

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
                A permission set bundles capabilities. Each member holds one, and each group can add one; a member’s
                effective permissions combine them all.
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
          <EmptyState
            icon={<KeyRound />}
            title="Failed to load permission sets"
            description={errorDetail(sets.error, 'Please try again in a moment.')}
            action={
              <Button size="sm" variant="outline" onClick={() => sets.refetch()}>
                Try Again
              </Button>
            }
          />
        ) : (
          <>
            <Section
              title="System sets"
              count={system.length}
              description="Available in every deal and managed by the platform’s super administrators."
            >
              <SetsTable sets={system} canManage={false} testId="system-sets" />
            </Section>
            <Section
              title="Custom sets"
              count={custom.length}
              description="Defined for this deal only."
            >
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
                <SetsTable
                  sets={custom}
                  canManage={canManage}
                  onEdit={setEditing}
                  onDelete={setDeleting}
                  testId="custom-sets"
                />
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
      <ConfirmDialog
        open={Boolean(deleting)}
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
        confirmLabel="Delete"
        destructive
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </PageContainer>
  );
}

export default PermissionSetsPage;
