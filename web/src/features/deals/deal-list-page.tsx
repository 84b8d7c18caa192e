import { Alert, Box, Button, Flex, HStack, SegmentGroup, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { Archive, Briefcase, Plus, RefreshCw } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageContainer } from '../../components/layout/page-container';
import { PageTitle } from '../../components/layout/page-title';
import { ARCHIVED_MARKER_CLEAR_MS, clearArchivedDeal, readArchivedDeal } from './archived-marker';
import { DealCard } from './components/deal-card';
import { DealFormDialog } from './components/deal-form-dialog';
import { ConfirmEmailNotice } from './components/confirm-email-notice';
import { InvitationsBanner } from './components/invitations-banner';
import { DealsNeedingVerificationBanner } from './components/mfa-required-notice';
import type { DealView } from './types';
import { dealListErrorMessage, useDeals } from './api/list-deals';

function CardSkeleton() {
  return (
    <Box bg="bg" borderWidth="1px" borderColor="border" rounded="lg" p="5">
      <Stack gap="4">
        <Skeleton h="5" w="60%" />
        <Skeleton h="4" w="90%" />
        <Skeleton h="2" w="full" />
        <Skeleton h="4" w="40%" />
        <Skeleton h="10" w="full" />
      </Stack>
    </Box>
  );
}

/** The deal list at / (docs/product.md §2). */
export function DealListPage() {
  const [params, setParams] = useSearchParams();
  const view: DealView = params.get('view') === 'archived' ? 'archived' : 'active';
  const [creating, setCreating] = useState(false);
  const [archivedMarker] = useState(readArchivedDeal);

  const deals = useDeals(view);

  useEffect(() => {
    if (!archivedMarker || !deals.isSuccess) return;
    const timer = setTimeout(clearArchivedDeal, ARCHIVED_MARKER_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [archivedMarker, deals.isSuccess]);

  const list = useMemo(
    () => (deals.data ?? []).filter((deal) => view === 'archived' || deal.id !== archivedMarker),
    [deals.data, view, archivedMarker],
  );

  const setView = (next: DealView) => {
    const nextParams = new URLSearchParams(params);
    if (next === 'active') nextParams.delete('view');
    else nextParams.set('view', next);
    setParams(nextParams, { replace: true });
  };

  // In the header, and again in the empty list.
  const createButton = (
    <Button colorPalette="brand" size="sm" onClick={() => setCreating(true)}>
      <Plus size={16} /> Create New Deal
    </Button>
  );

  return (
    <PageContainer>
      <Stack gap="6">
        <Flex
          justify="space-between"
          align={{ base: 'stretch', md: 'flex-end' }}
          gap="4"
          direction={{ base: 'column', md: 'row' }}
        >
          <PageTitle
            title="Deals"
            subtitle={
              deals.isSuccess
                ? view === 'archived'
                  ? `${list.length} deal(s) archived`
                  : `${list.length} deal(s) available`
                : view === 'archived'
                  ? 'Archived deals'
                  : 'Deals you are a member of'
            }
            subtitleProps={{ 'data-testid': 'deal-count' }}
          />
          <HStack gap="3">
            <SegmentGroup.Root
              size="sm"
              value={view}
              onValueChange={(e) => e.value && setView(e.value as DealView)}
              aria-label="Deal view"
            >
              <SegmentGroup.Indicator bg="bg" shadow="xs" />
              <SegmentGroup.Items
                items={[
                  { value: 'active', label: 'Active' },
                  { value: 'archived', label: 'Archived' },
                ]}
              />
            </SegmentGroup.Root>
            {createButton}
          </HStack>
        </Flex>

        <ConfirmEmailNotice />
        <InvitationsBanner />
        <DealsNeedingVerificationBanner />

        {deals.isError && (
          <Alert.Root status="error" borderRadius="lg">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title data-testid="deal-list-error">{dealListErrorMessage(deals.error)}</Alert.Title>
            </Alert.Content>
            <Button size="xs" variant="outline" onClick={() => deals.refetch()} loading={deals.isFetching}>
              <RefreshCw size={14} /> Try Again
            </Button>
          </Alert.Root>
        )}

        {deals.isPending && (
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="5" aria-busy="true">
            <CardSkeleton />
            <CardSkeleton />
            <CardSkeleton />
          </SimpleGrid>
        )}

        {deals.isSuccess && list.length === 0 && (
          <Box bg="bg" borderWidth="1px" borderColor="border" borderStyle="dashed" rounded="xl" py="6">
            {view === 'active' ? (
              <EmptyState
                icon={<Briefcase />}
                title="No deals yet"
                description="Create a deal to open a data room for a transaction, or ask a deal admin to invite you to theirs."
                action={createButton}
              />
            ) : (
              <EmptyState
                icon={<Archive />}
                title="No archived deals"
                description="Deals that an admin archives are kept here, read-only, for reference."
              />
            )}
          </Box>
        )}

        {deals.isSuccess && list.length > 0 && (
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="5">
            {list.map((deal) => (
              <DealCard key={deal.id} deal={deal} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <DealFormDialog open={creating} onClose={() => setCreating(false)} />
    </PageContainer>
  );
}

export default DealListPage;
