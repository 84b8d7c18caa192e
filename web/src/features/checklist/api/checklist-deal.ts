import { useQuery } from '@tanstack/react-query';
import { dealQuery } from '../../../lib/api/deal';

/** The deal the checklist belongs to (its name in the header); the shared deal read, reported when it fails here. */
export const useChecklistDeal = (dealId: string) =>
  useQuery({ ...dealQuery(dealId), enabled: Boolean(dealId), meta: { errorTitle: 'Failed to load deal information' } });
