/**
 * The deal's activity feed at /deals/:dealId/activity (docs/product.md §2 Activity): newest first, more
 * loaded on demand; search and the type filter work over what is loaded.
 */
import { Button, Card, Flex, HStack, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Activity } from 'lucide-react';
import { OptionSelect } from '../../components/option-select';
import { Fragment, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { LoadFailed } from '../../components/load-failed';
import { PageContainer } from '../../components/layout/page-container';
import { PageTitle } from '../../components/layout/page-title';
import { useDeal } from '../../lib/api/deal';
import { pluralize } from '../../lib/format';
import { ACTIVITY_LOAD_FAILED, useActivityFeed } from './api/list-activity';
import { ActivityEntryRow } from './components/activity-entry-row';
import { ACTIVITY_FILTERS, filterActivities, filterLabel, type ActivityFilter } from './logic';
import { SearchInput } from '../../components/search-input';

function FeedSkeleton() {
  return (
    <Stack gap="3" p="4" data-testid="activity-loading">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height="14" />
      ))}
    </Stack>
  );
}

export default function ActivityPage() {
  const { dealId = '' } = useParams();
  const deal = useDeal(dealId);
  const feed = useActivityFeed(dealId);
  const [search, setSearch] = useState('');
  const [type, setType] = useState<ActivityFilter>('all');

  const loaded = useMemo(() => feed.data?.pages.flat() ?? [], [feed.data]);
  const shown = useMemo(() => filterActivities(loaded, search, type), [loaded, search, type]);
  const filtering = search.trim() !== '' || type !== 'all';

  return (
    <PageContainer>
      <Stack gap="5">
        <PageTitle
          title="Activity Feed"
          subtitle={`${deal.data?.name ? `${deal.data.name} · ` : ''}Everything that happened in this deal, newest first`}
        />

        <Flex gap="3" direction={{ base: 'column', md: 'row' }}>
          <SearchInput flex="1" placeholder="Search activity..." label="Search activity" value={search} onChange={setSearch} />
          <OptionSelect
            width={{ base: 'full', md: '56' }}
            label="Activity type"
            value={type}
            onChange={setType}
            options={ACTIVITY_FILTERS.map((f) => [f, filterLabel(f)] as const)}
          />
        </Flex>

        <Text textStyle="sm" color="fg.muted" data-testid="activity-count">
          {feed.isPending
            ? 'Loading activity...'
            : filtering
              ? `${shown.length} of ${pluralize(loaded.length, 'activity', 'activities')}`
              : pluralize(loaded.length, 'activity', 'activities')}
        </Text>

        <Card.Root>
          {feed.isPending ? (
            <FeedSkeleton />
          ) : feed.isError && loaded.length === 0 ? (
            <LoadFailed
              icon={<Activity />}
              title={ACTIVITY_LOAD_FAILED}
              query={feed}
              description="The activity could not be read. Check your connection and try again."
            />
          ) : shown.length === 0 ? (
            <EmptyState
              icon={<Activity />}
              title="No activities found"
              description={filtering ? 'Nothing loaded matches this search or type.' : 'Nothing has happened in this deal yet.'}
            />
          ) : (
            <Stack gap="0" data-testid="activity-list">
              {shown.map((entry, index) => (
                <Fragment key={entry.id}>
                  {index > 0 && <Separator />}
                  <ActivityEntryRow dealId={dealId} entry={entry} />
                </Fragment>
              ))}
            </Stack>
          )}
        </Card.Root>

        {feed.hasNextPage && (
          <HStack justify="center">
            <Button variant="outline" onClick={() => feed.fetchNextPage()} loading={feed.isFetchingNextPage}>
              Load older activity
            </Button>
          </HStack>
        )}
      </Stack>
    </PageContainer>
  );
}
