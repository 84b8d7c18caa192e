/**
 * The remembered archived-deal marker (docs/product.md §2): set when a deal is archived, read by the deal list so
 * the deal never flashes in the active list, cleared about 2 seconds after the list loads.
 */
const KEY = 'recently_archived_deal';
export const ARCHIVED_MARKER_CLEAR_MS = 2000;

export function rememberArchivedDeal(dealId: string): void {
  try {
    sessionStorage.setItem(KEY, dealId);
  } catch {
    /* storage unavailable */
  }
}

export function readArchivedDeal(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function clearArchivedDeal(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* storage unavailable */
  }
}
