import { Box, Center, Flex, Heading, HStack, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { ArrowRight, KeyRound, Library, ListChecks, ShieldCheck, Users, type LucideIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { notify } from '../../lib/toast';
import type { DashboardCount } from './api/dashboard-counts';
import { AdminPage } from './components/admin-page';
import { AdminPageHeader } from './components/admin-page-header';
import { useDashboardCounts } from './api/dashboard-counts';

interface StatCard {
  key: string;
  label: string;
  to: string;
  icon: LucideIcon;
  tone: string;
  /** A second count shown under the value, e.g. the active catalog items. */
  detail?: { key: string; label: string };
}

const STAT_CARDS: StatCard[] = [
  { key: 'users', label: 'Users', to: '/admin/users', icon: Users, tone: 'blue' },
  { key: 'super_admins', label: 'Super Admins', to: '/admin/super-admins', icon: ShieldCheck, tone: 'purple' },
  {
    key: 'catalog_items',
    label: 'Catalog Items',
    to: '/admin/catalog',
    icon: Library,
    tone: 'green',
    detail: { key: 'active_catalog_items', label: 'active' },
  },
  { key: 'presets', label: 'Checklist Presets', to: '/admin/presets', icon: ListChecks, tone: 'orange' },
  { key: 'permission_sets', label: 'Permission Sets', to: '/admin/permission-sets', icon: KeyRound, tone: 'cyan' },
];

const QUICK_ACTIONS: { label: string; description: string; to: string; icon: LucideIcon }[] = [
  {
    label: 'Manage Catalog Items',
    description: 'Add, edit, activate or retire the documents that checklists can request.',
    to: '/admin/catalog',
    icon: Library,
  },
  {
    label: 'Manage Checklist Presets',
    description: 'Choose which catalog items new deals start with, and the default preset.',
    to: '/admin/presets',
    icon: ListChecks,
  },
];

/** The look shared by the dashboard's cards, each a link to a page: bordered, lifted on hover. */
function cardStyle(hoverBorder: string) {
  return {
    bg: 'bg',
    borderWidth: '1px',
    borderColor: 'border',
    rounded: 'xl',
    shadow: 'xs',
    h: 'full',
    _hover: { borderColor: hoverBorder, shadow: 'sm' },
    transition: 'box-shadow 0.15s, border-color 0.15s',
  } as const;
}

function StatValue({ count, loading }: { count?: DashboardCount; loading: boolean }) {
  if (loading) return <Skeleton h="8" w="16" />;
  if (count?.value === null || count?.value === undefined) {
    return (
      <Text textStyle="2xl" fontWeight="semibold" color="fg.subtle" title="Unavailable">
        {/* A paragraph cannot carry a label (decision 38): the dash is shown, the word is read. */}
        <span aria-hidden="true">—</span>
        <VisuallyHidden>Unavailable</VisuallyHidden>
      </Text>
    );
  }
  return (
    <Text textStyle="2xl" fontWeight="semibold" letterSpacing="-0.02em" data-testid="stat-value">
      {count.value.toLocaleString()}
    </Text>
  );
}

/** /admin: the counts of each list and quick actions (docs/product.md §2 Admin portal shell). */
export function AdminDashboardPage() {
  const stats = useDashboardCounts();

  // Each list is asked apart and the read succeeds with the counts it got, so a list that failed is
  // reported here from the answer: meta.errorTitle (lib/query.ts) only sees a read that failed as a whole.
  const failed = stats.isError || Object.values(stats.data ?? {}).some((count) => count.failed);
  useEffect(() => {
    if (failed) {
      if (stats.error) console.error(stats.error);
      notify.error('Failed to load dashboard stats');
    }
  }, [failed, stats.error]);

  return (
    <AdminPage>
      <AdminPageHeader title="Admin Dashboard" description="Platform-wide settings, people and checklists." />

      <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap={{ base: '3', md: '4' }}>
        {STAT_CARDS.map((card) => {
          const Icon = card.icon;
          const count = stats.data?.[card.key];
          const detail = card.detail && stats.data?.[card.detail.key];
          return (
            <RouterLink key={card.key} to={card.to}>
              <Stack gap="3" p="4" {...cardStyle('border.emphasized')} data-testid={`stat-${card.key}`}>
                <HStack justify="space-between">
                  <Text textStyle="sm" color="fg.muted" fontWeight="medium">
                    {card.label}
                  </Text>
                  <Center boxSize="8" rounded="md" bg={`${card.tone}.subtle`} color={`${card.tone}.fg`}>
                    <Icon size={16} />
                  </Center>
                </HStack>
                <Box>
                  <StatValue count={count} loading={stats.isPending} />
                  <Text textStyle="xs" color="fg.subtle" mt="0.5" minH="4">
                    {!stats.isPending && count?.value == null
                      ? 'Unavailable'
                      : detail?.value != null
                        ? `${detail.value.toLocaleString()} ${card.detail!.label}`
                        : ''}
                  </Text>
                </Box>
              </Stack>
            </RouterLink>
          );
        })}
      </SimpleGrid>

      <Heading as="h2" size="md" mt="10" mb="4">
        Quick Actions
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {QUICK_ACTIONS.map((action) => {
          const Icon = action.icon;
          return (
            <RouterLink key={action.to} to={action.to}>
              <Flex gap="4" align="center" p="5" {...cardStyle('brand.emphasized')}>
                <Center boxSize="10" rounded="lg" bg="brand.subtle" color="brand.fg" flexShrink={0}>
                  <Icon size={20} />
                </Center>
                <Box flex="1" minW="0">
                  <Text fontWeight="semibold">{action.label}</Text>
                  <Text textStyle="sm" color="fg.muted">
                    {action.description}
                  </Text>
                </Box>
                <Box color="fg.subtle">
                  <ArrowRight size={18} />
                </Box>
              </Flex>
            </RouterLink>
          );
        })}
      </SimpleGrid>
    </AdminPage>
  );
}

export default AdminDashboardPage;
