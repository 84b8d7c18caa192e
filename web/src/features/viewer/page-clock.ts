/**
 * Time spent per page of one open document, kept while the page is visible and handed over in small batches
 * (docs/architecture.md "The viewer"). The contract of `POST /deals/{d}/views/{v}/pages` takes 1–100 entries of
 * 0 < seconds ≤ 600; a remainder under a tenth of a second waits for the next batch.
 */
export interface PageTime {
  page: number;
  seconds: number;
}

export const MAX_ENTRY_SECONDS = 600;
export const MAX_ENTRIES = 100;
const MIN_MS = 100;

export class PageClock {
  private readonly pending = new Map<number, number>();
  private page = 1;
  private since: number | null = null;

  constructor(private readonly now: () => number = () => Date.now()) {}

  get running(): boolean {
    return this.since !== null;
  }

  /** The reader is looking at the document (the tab is visible). */
  start(): void {
    if (this.since === null) this.since = this.now();
  }

  /** The reader is away (the tab is hidden or closing): time stops counting. */
  stop(): void {
    this.accrue();
    this.since = null;
  }

  /** The page in view changed: time so far goes to the previous page. */
  setPage(page: number): void {
    if (page === this.page) return;
    this.accrue();
    this.page = page;
  }

  /** The batch to send: whole tenths of a second per page, at most 600 s an entry and 100 entries. */
  take(): PageTime[] {
    this.accrue();
    const batch: PageTime[] = [];
    for (const [page, ms] of this.pending) {
      let left = ms;
      while (left >= MIN_MS && batch.length < MAX_ENTRIES) {
        const seconds = Math.min(MAX_ENTRY_SECONDS, Math.floor(left / MIN_MS) / 10);
        batch.push({ page, seconds });
        left -= seconds * 1000;
      }
      if (left > 0) this.pending.set(page, left);
      else this.pending.delete(page);
    }
    return batch;
  }

  private accrue(): void {
    if (this.since === null) return;
    const now = this.now();
    const elapsed = Math.max(0, now - this.since);
    this.since = now;
    if (elapsed > 0) this.pending.set(this.page, (this.pending.get(this.page) ?? 0) + elapsed);
  }
}
