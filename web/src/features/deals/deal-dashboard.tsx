import { Flex, Grid, GridItem, HStack, Stack, Text } from '@chakra-ui/react';
import { Activity as ActivityIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../components/load-failed';
import { PageContainer } from '../../components/layout/page-container';
import { PageTitle } from '../../components/layout/page-title';
import { isDealAdmin, useDeal } from '../../lib/api/deal';
import { formatDate } from '../../lib/format';
import { ChecklistProgressPanel } from './components/checklist-progress-panel';
import { DashboardSkeleton } from './components/dashboard-skeleton';
import { DashboardStats } from './components/dashboard-stats';
import { RecentActivityPanel } from './components/recent-activity-panel';
import { RecentFilesPanel } from './components/recent-files-panel';
import { useDashboardStats } from './api/dashboard-stats';

/**
 * The deal dashboard at /deals/:dealId (docs/product.md §2). What other features show on it comes from
 * app/pages/deal-dashboard-page.tsx: `peopleActions` (for an admin of a deal not archived) and the
 * pending review panel, told whether the AI is still working.
 */
export function DealDashboard({
  dealId,
  peopleActions,
  pendingReview,
}: {
  dealId: string;
  peopleActions: ReactNode;
  pendingReview: (aiWorking: boolean) => ReactNode;
}) {
  const deal = useDeal(dealId);
  const stats = useDashboardStats(dealId);
  const aiWorking = (stats.data?.files_processing ?? 0) + (stats.data?.files_queued ?? 0) > 0;
  const admin = isDealAdmin(deal.data);
  // An archived deal is read-only (docs/decisions.md decision 8): no write buttons, even for its admins.
  const managesPeople = admin && !deal.data?.archived_at;

  if (stats.isPending) {
    return (
      <PageContainer>
        <DashboardSkeleton />
      </PageContainer>
    );
  }
  if (stats.isError) {
    return (
      <PageContainer>
        <LoadFailed
          icon={<ActivityIcon />}
          title="Failed to load deal data"
          query={stats}
          fallback="The dashboard could not be loaded. Please try again."
        />
      </PageContainer>
    );
  }

  const data = stats.data;
  const sections = Object.entries(data.checklist_progress ?? {});
  const activities = (data.recent_activities ?? []).slice(0, 5);
  const files = (data.recent_files ?? []).slice(0, 5);
  const base = `/deals/${dealId}`;

  return (
    <PageContainer>
      <Stack gap="6">
        <Flex justify="space-between" align={{ base: 'flex-start', md: 'flex-end' }} gap="4" wrap="wrap">
          <PageTitle
            minW="0"
            title={deal.data?.name ?? 'Deal dashboard'}
            subtitle={deal.data?.description || 'No description'}
            subtitleProps={{ lineClamp: 2, maxW: '3xl' }}
          />
          <HStack gap="3">
            {deal.data?.created_at && (
              <Text textStyle="xs" color="fg.subtle">
                Created {formatDate(deal.data.created_at)}
              </Text>
            )}
            {managesPeople && peopleActions}
          </HStack>
        </Flex>

        <DashboardStats data={data} admin={admin} base={base} />

        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="5" alignItems="start">
          <GridItem>
            <Stack gap="5">
              <ChecklistProgressPanel sections={sections} base={base} />

              {pendingReview(aiWorking)}
            </Stack>
          </GridItem>

          <GridItem>
            <Stack gap="5">
              <RecentActivityPanel activities={activities} base={base} />

              <RecentFilesPanel files={files} base={base} />
            </Stack>
          </GridItem>
        </Grid>
      </Stack>
    </PageContainer>
  );
}
