import { useParams } from 'react-router';
import { PageSpinner } from '../../components/spinners';
import { canReadViews, useDeal } from '../../lib/api/deal';
import { AnalyticsPage } from '../../features/analytics';
import { AccessDeniedPage } from '../../features/errors';

/**
 * /deals/:dealId/analytics for deal admins and holders of manage_users; Access Denied for anyone else
 * who types the URL, and for a 403 from the API (docs/decisions.md decision 46).
 */
export default function DealAnalyticsPage() {
  const { dealId = '' } = useParams();
  const deal = useDeal(dealId);
  if (deal.isPending) return <PageSpinner />;
  if (!canReadViews(deal.data)) return <AccessDeniedPage />;
  return <AnalyticsPage denied={<AccessDeniedPage />} />;
}
