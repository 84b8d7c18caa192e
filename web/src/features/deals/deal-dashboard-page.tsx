import { Box, Button, Flex, Grid, GridItem, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Activity as ActivityIcon, UserPlus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { Panel } from '../../components/panel';
import { PageContainer } from '../../components/layout/page-container';
import { errorDetail } from '../../lib/api/client';
import { isDealAdmin, useDeal } from '../../lib/api/deal';
import { formatDate } from '../../lib/format';
import { InviteUserDialog, ManageUsersDialog } from '../people';
import { PendingReviewCount, PendingReviewList } from '../ai';

import {
  ChecklistProgressPanel,
  DashboardSkeleton,
  DashboardStats,
  RecentActivityPanel,
  RecentFilesPanel,
} from './components/dashboard-parts';
import { useDashboardStats } from './api/deal-reads';

/** The deal dashboard at /deals/:dealId (docs/product.md §2). */
export function DealDashboardPage() {
  const { dealId = '' } = useParams();
  const deal = useDeal(dealId);
  const stats = useDashboardStats(dealId);
  const aiWorking = (stats.data?.files_processing ?? 0) + (stats.data?.files_queued ?? 0) > 0;
  const admin = isDealAdmin(deal.data);
  // An archived deal is read-only (docs/decisions.md decision 8): no write buttons, even for its admins.
  const managesPeople = admin && !deal.data?.archived_at;
  const [inviting, setInviting] = useState(false);
  const [managing, setManaging] = useState(false);

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
        <EmptyState
          icon={<ActivityIcon />}
          title="Failed to load deal data"
          description={errorDetail(stats.error, 'The dashboard could not be loaded. Please try again.')}
          action={
            <Button size="sm" variant="outline" onClick={() => stats.refetch()}>
              Try Again
            </Button>
          }
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
          <Box minW="0">
            <Heading as="h1" size="2xl" letterSpacing="-0.02em">
              {deal.data?.name ?? 'Deal dashboard'}
            </Heading>
            <Text color="fg.muted" textStyle="sm" mt="1" lineClamp={2} maxW="3xl">
              {deal.data?.description || 'No description'}
            </Text>
          </Box>
          <HStack gap="3">
            {deal.data?.created_at && (
              <Text textStyle="xs" color="fg.subtle">
                Created {formatDate(deal.data.created_at)}
              </Text>
            )}
            {managesPeople && (
              <>
                <Button size="sm" variant="outline" bg="bg" onClick={() => setManaging(true)}>
                  <UsersRound /> Manage Users
                </Button>
                <Button size="sm" colorPalette="brand" onClick={() => setInviting(true)}>
                  <UserPlus /> Invite User
                </Button>
              </>
            )}
          </HStack>
        </Flex>

        <DashboardStats data={data} admin={admin} base={base} />

        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="5" alignItems="start">
          <GridItem>
            <Stack gap="5">
              <ChecklistProgressPanel sections={sections} base={base} />

              <Panel title="Files Pending Review" testId="pending-review" action={<PendingReviewCount dealId={dealId} />}>
                <PendingReviewList dealId={dealId} poll={aiWorking} />
              </Panel>
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
      {managesPeople && (
        <>
          <InviteUserDialog dealId={dealId} open={inviting} onClose={() => setInviting(false)} />
          <ManageUsersDialog dealId={dealId} open={managing} onClose={() => setManaging(false)} />
        </>
      )}
    </PageContainer>
  );
}

export default DealDashboardPage;
