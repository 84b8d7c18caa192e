/**
 * Request schemas and response types shared by the API, the tests and the web app: one name per
 * field, required fields required. Runtime-neutral (Deno and Node, the browser too): only zod and types.
 * The web imports these as `@contracts/<area>`.
 */
import { z } from 'zod';

/** A page of a paged list (page numbers start at 1). */
export interface Paged<T> {
  items: T[];
  page: number;
  page_size: number;
  total_count: number;
  has_more: boolean;
}

/** Every 4xx and 5xx body (docs/architecture.md, "Errors are JSON"). */
export interface ErrorBody {
  detail: string;
}

/** The answer of a DELETE that removed one row (a checklist item or category, a set, group or tag). */
export const deleted = z.object({ id: z.string(), deleted: z.literal(true) }).strict();

/** `T` with the fields `K` optional: a web view of an answer that its tests build without fields the screen never reads. */
export type WithOptional<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;
