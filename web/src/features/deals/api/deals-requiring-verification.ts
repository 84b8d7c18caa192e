import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { dealsKeys } from './keys';

/** Deals the caller belongs to that ask for a second factor this session has not proved. */
export const fetchDealsRequiringVerification = (signal?: AbortSignal) =>
  api.get<{ id: string; name: string }[]>('/deals/requiring-verification', { signal });

/** Deals the person may open only after verifying with a second factor. */
export const useDealsRequiringVerification = () =>
  useQuery({
    queryKey: dealsKeys.requiringVerification,
    queryFn: ({ signal }) => fetchDealsRequiringVerification(signal),
    staleTime: 30_000,
  });
