import { Grid, Stack } from '@chakra-ui/react';
import { FileQuestion } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageContainer } from '../../components/layout/page-container';
import { MissingState } from '../../components/load-failed';
import { ApiError } from '../../lib/api/client';
import { useChecklistItem } from './api/checklist-item';
import { approvalOf } from './logic';
import { ActionsPanel } from './components/actions-panel';
import { ConnectedFilesPanel } from './components/connected-files-panel';
import { DetailsCard } from './components/details-card';
import { FileCountPanel } from './components/file-count-panel';
import { HistoryPanel } from './components/history-panel';
import { ItemHeader } from './components/item-header';
import { ItemSkeleton } from './components/item-skeleton';

/** The item page at /deals/:dealId/checklist/items/:itemId (docs/product.md §2 Checklist item). */
/** `questions`: the item's Questions card, composed in app/ (features side by side). */
export function ChecklistItemPage({ questions }: { questions?: ReactNode } = {}) {
  const { dealId = '', itemId = '' } = useParams();
  const navigate = useNavigate();
  const item = useChecklistItem(dealId, itemId);
  const notFound = item.error instanceof ApiError && item.error.status === 404;

  // A failed read other than 404 (its toast is the query's) goes back to the checklist.
  useEffect(() => {
    if (item.isError && !notFound) navigate(`/deals/${dealId}/checklist`, { replace: true });
  }, [item.isError, notFound, navigate, dealId]);

  if (item.isPending) return <ItemSkeleton />;
  if (notFound) {
    return (
      <PageContainer>
        <MissingState
          icon={<FileQuestion />}
          title="Item not found"
          description="The checklist item may have been removed, or the link is wrong."
          backTo={`/deals/${dealId}/checklist`}
          backLabel="Back to Checklist"
        />
      </PageContainer>
    );
  }
  if (item.isError || !item.data) return <ItemSkeleton />;

  const data = item.data;
  return (
    <PageContainer>
      <Stack gap="5">
        <ItemHeader dealId={dealId} data={data} approval={approvalOf(data)} />
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 340px' }} gap="5" alignItems="start">
          <Stack gap="5" minW="0">
            <DetailsCard dealId={dealId} itemId={itemId} item={data} canEdit={data.can_edit} />
            <ConnectedFilesPanel dealId={dealId} itemId={itemId} data={data} />
            {questions}
          </Stack>
          <Stack gap="5" minW="0">
            <FileCountPanel data={data} />
            <ActionsPanel dealId={dealId} itemId={itemId} data={data} />
            <HistoryPanel data={data} />
          </Stack>
        </Grid>
      </Stack>
    </PageContainer>
  );
}

export default ChecklistItemPage;
