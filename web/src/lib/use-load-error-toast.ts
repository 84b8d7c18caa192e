import { useEffect } from 'react';
import { errorDetail } from './api/client';
import { notify } from './toast';

/** The error toast of a read that failed (docs/product.md §8 "Failed to load …"), once per failure, with the server's detail. */
export function useLoadErrorToast(failed: boolean, title: string, error: unknown) {
  useEffect(() => {
    if (failed) notify.error(title, errorDetail(error, '') || undefined);
  }, [failed, title, error]);
}
