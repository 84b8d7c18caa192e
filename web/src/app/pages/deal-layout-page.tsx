import { useParams } from 'react-router';
import { useDeal } from '../../lib/api/deal';
import { useDealEvents } from '../../features/ai';
import { DealLayout } from '../../features/deals';
import { useSearchShortcut } from '../../features/search';

/**
 * /deals/:dealId/*: the deal's layout, with the AI's live events refreshing the deal's reads while it is open
 * and `/` opening the search inside documents.
 */
export function DealLayoutPage() {
  const { dealId = '' } = useParams();
  const deal = useDeal(dealId);
  useDealEvents(deal.data ? dealId : undefined);
  useSearchShortcut(deal.data ? dealId : undefined);
  return <DealLayout />;
}

export default DealLayoutPage;
