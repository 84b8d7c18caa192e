import { Box, Button, Card, Grid, Heading, HStack, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { BarChart3, Download } from 'lucide-react';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { LoadFailed } from '../../components/load-failed';
import { PageContainer } from '../../components/layout/page-container';
import { Panel } from '../../components/panel';
import { ApiError } from '../../lib/api/client';
import { useDealAnalytics } from './api/deal-analytics';
import { useExportAnalyticsCsv } from './api/export-csv';
import { DocumentsTable, FolderHeatList, MembersTable } from './components/analytics-tables';
import { PeriodSelector } from './components/period-selector';
import { ViewsChart } from './components/views-chart';
import { DEFAULT_PERIOD, formatDuration, isPeriodChoice, periodQuery, type PeriodChoice } from './logic';

export const NO_VIEWS = 'No views in this period.';

function Totals({ totals }: { totals: { views: number; viewers: number; documents: number; seconds: number } }) {
  const items: [string, string | number][] = [
    ['Views', totals.views],
    ['Documents read', totals.documents],
    ['Readers', totals.viewers],
    ['Time reading', formatDuration(totals.seconds)],
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
      {items.map(([label, value]) => (
        <Card.Root key={label} variant="outline" bg="bg">
          <Card.Body px="4" py="3">
            <Stat.Root>
              <Stat.Label>{label}</Stat.Label>
              <Stat.ValueText data-testid={`total-${label.toLowerCase().replace(/\s+/g, '-')}`}>{value}</Stat.ValueText>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

/**
 * /deals/:dealId/analytics: who read what over a period (docs/decisions.md decision 46) — totals, a chart
 * of views over time, the most-read documents, each member's engagement and the heat per top-level
 * folder, with a CSV export. `denied` is what a member without the right sees (composed in app/).
 */
export function AnalyticsPage({ denied, now }: { denied: ReactNode; now?: Date }) {
  const { dealId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const written = useRef(params);
  useEffect(() => {
    written.current = params;
  }, [params]);
  const choice: PeriodChoice = isPeriodChoice(params.get('period')) ? (params.get('period') as PeriodChoice) : DEFAULT_PERIOD;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const period = useMemo(() => periodQuery(choice, { from, to }, now), [choice, from, to, now]);
  const analytics = useDealAnalytics(dealId, period);
  const exportCsv = useExportAnalyticsCsv(dealId);

  if (analytics.error instanceof ApiError && analytics.error.status === 403) return <>{denied}</>;

  // Two changes before the next render (a quick From then To) both land: each builds on the last one
  // written, not on the render's copy of the URL (react-router's updater gets the latter).
  const update = (next: Record<string, string>) => {
    const merged = new URLSearchParams(written.current);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    written.current = merged;
    setParams(merged, { replace: true });
  };

  const data = analytics.data;
  let content: ReactNode;
  if (analytics.isPending) {
    content = (
      <Stack gap="4" aria-busy="true" data-testid="analytics-loading">
        <Skeleton h="20" rounded="lg" />
        <Skeleton h="48" rounded="lg" />
        <Skeleton h="64" rounded="lg" />
      </Stack>
    );
  } else if (analytics.isError && !data) {
    content = <LoadFailed icon={<BarChart3 />} title="Failed to load analytics" query={analytics} />;
  } else if (!data || data.totals.views === 0) {
    content = <EmptyState icon={<BarChart3 />} title={NO_VIEWS} description="Views appear here once members open documents." />;
  } else {
    content = (
      <Stack gap="5" opacity={analytics.isPlaceholderData ? 0.6 : 1} aria-busy={analytics.isFetching}>
        <Totals totals={data.totals} />
        <Panel title={`Views per ${data.unit}`} testId="analytics-chart">
          <ViewsChart timeline={data.timeline} unit={data.unit} />
        </Panel>
        <Panel title="Most-read documents" testId="analytics-documents">
          <DocumentsTable dealId={dealId} documents={data.documents} />
        </Panel>
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="5" alignItems="start">
          <Panel title="Engagement by member" testId="analytics-members">
            <MembersTable members={data.members} now={now} />
          </Panel>
          <Panel title="Activity by folder" testId="analytics-folders">
            <FolderHeatList folders={data.folders} />
          </Panel>
        </Grid>
      </Stack>
    );
  }

  return (
    <PageContainer>
      <Stack gap="5">
        <HStack justify="space-between" align="flex-end" gap="4" wrap="wrap">
          <Box>
            <Heading as="h1" size="lg">
              Analytics
            </Heading>
            <Text color="fg.muted" textStyle="sm">
              Who read which documents, and for how long.
            </Text>
          </Box>
          <HStack gap="3" align="flex-end" wrap="wrap">
            <PeriodSelector
              choice={choice}
              from={from}
              to={to}
              onChoice={(next) => update({ period: next, ...(next === 'custom' ? {} : { from: '', to: '' }) })}
              onDates={(dates) => update({ period: 'custom', ...dates })}
            />
            <Button size="sm" variant="outline" loading={exportCsv.isPending} onClick={() => exportCsv.mutate(period)}>
              <Download /> Export CSV
            </Button>
          </HStack>
        </HStack>
        {content}
      </Stack>
    </PageContainer>
  );
}

export default AnalyticsPage;
