/** The checklist's rules (docs/product.md §4, §5, §9), kept apart from the screens so they can be tested alone. */
import type { Progress } from '../../lib/progress';
import { APPROVAL_LABELS as SHARED_APPROVAL_LABELS, APPROVAL_PALETTES } from '../../components/approval-badge';
import type { ChecklistCategory, ChecklistItem, ChecklistResponse, ItemApproval, ItemStatus } from './types';

export const ITEM_STATUSES: ItemStatus[] = ['in_progress', 'provided', 'not_applicable'];

export const STATUS_LABELS: Record<ItemStatus, string> = {
  in_progress: 'In Progress',
  provided: 'Provided',
  not_applicable: 'Not Applicable',
};

export const STATUS_TONES: Record<ItemStatus, string> = {
  in_progress: 'blue',
  provided: 'green',
  not_applicable: 'gray',
};

// Approval decisions read the same on every screen (web/src/components/approval-badge.tsx).
export const APPROVAL_LABELS: Record<ItemApproval, string> = SHARED_APPROVAL_LABELS;
export const APPROVAL_TONES: Record<ItemApproval, string> = APPROVAL_PALETTES;

export function statusLabel(status: string | null | undefined): string {
  return STATUS_LABELS[status as ItemStatus] ?? STATUS_LABELS.in_progress;
}

export function approvalOf(item: Pick<ChecklistItem, 'approval' | 'approval_status'>): ItemApproval {
  const value = item.approval?.status ?? item.approval_status ?? 'pending';
  return value in APPROVAL_LABELS ? (value as ItemApproval) : 'pending';
}

export { CATALOG_CATEGORIES } from '@contracts/catalog';

// ---- validation (docs/product.md §5) ----

export const CATEGORY_CODE_MAX = 3;
export const MESSAGES = {
  categoryName: 'Please enter a category name',
  categoryCode: `Category code must be at most ${CATEGORY_CODE_MAX} characters`,
  itemName: 'Please enter an item name',
  itemCategory: 'Please select a category',
  expectedCount: 'Expected file count must be a whole number of 0 or more',
  catalogSelection: 'Please select an item and target category',
} as const;

export interface CategoryErrors {
  name?: string;
  code?: string;
}

/** Category name required; code optional, at most 3 characters (after trimming). */
export function validateCategory(input: { name: string; code: string }): CategoryErrors {
  const errors: CategoryErrors = {};
  if (!input.name.trim()) errors.name = MESSAGES.categoryName;
  if ([...input.code.trim()].length > CATEGORY_CODE_MAX) errors.code = MESSAGES.categoryCode;
  return errors;
}

/**
 * Expected file count: a whole number, at least 0. Returns the number, or null when the text is not one.
 * Blank is not a number (the caller decides whether blank means "unchanged").
 */
export function parseExpectedCount(text: string | number | null | undefined): number | null {
  const value = String(text ?? '').trim();
  if (!/^\d+$/.test(value)) return null;
  const count = Number(value);
  return Number.isSafeInteger(count) && count <= 10000 ? count : null;
}

export function validateExpectedCount(text: string | number | null | undefined): string | null {
  return parseExpectedCount(text) === null ? MESSAGES.expectedCount : null;
}

export interface ItemErrors {
  name?: string;
  category?: string;
  expected?: string;
}

export function validateItem(input: { name: string; categoryId: string; expected: string }): ItemErrors {
  const errors: ItemErrors = {};
  if (!input.name.trim()) errors.name = MESSAGES.itemName;
  if (!input.categoryId) errors.category = MESSAGES.itemCategory;
  const expected = validateExpectedCount(input.expected);
  if (expected) errors.expected = expected;
  return errors;
}

/** Adding from the catalog needs an item and a target category. */
export function validateCatalogSelection(catalogItemId: string | null | undefined, categoryId: string | null | undefined) {
  return catalogItemId && categoryId ? null : MESSAGES.catalogSelection;
}

/** Blank overrides mean the catalog's own values: sent as null. */
export function overrideValue(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? trimmed : null;
}

export const hasErrors = (errors: object) => Object.values(errors).some(Boolean);

// ---- search and status filter ----

export type StatusFilter = 'all' | ItemStatus;

export interface ChecklistFilter {
  search: string;
  status: StatusFilter;
}

export const isFilterActive = (filter: ChecklistFilter) => filter.search.trim() !== '' || filter.status !== 'all';

/** Item matches when every word of the search is in its code, name or description, and its status fits. */
export function itemMatches(item: ChecklistItem, filter: ChecklistFilter, words = searchWords(filter.search)): boolean {
  if (filter.status !== 'all' && item.status !== filter.status) return false;
  if (words.length === 0) return true;
  const haystack = `${item.item_id ?? ''} ${item.name ?? ''} ${item.description ?? ''}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export function searchWords(search: string): string[] {
  return search.trim().toLowerCase().split(/\s+/).filter(Boolean);
}

export interface CategoryView {
  category: ChecklistCategory;
  /** All the category's items. */
  items: ChecklistItem[];
  /** The items the filter lets through. */
  visible: ChecklistItem[];
}

/**
 * The sections to show: every category (in the server's order) with its items and those that pass the
 * filter. While a filter is active, categories without a match are left out.
 */
export function buildSections(
  data: Pick<ChecklistResponse, 'categories' | 'checklist'>,
  filter: ChecklistFilter,
): CategoryView[] {
  const words = searchWords(filter.search);
  const active = isFilterActive(filter);
  const byCategoryId = new Map<string, ChecklistItem[]>();
  for (const list of Object.values(data.checklist ?? {})) {
    for (const item of list ?? []) {
      const bucket = byCategoryId.get(item.category_id);
      if (bucket) bucket.push(item);
      else byCategoryId.set(item.category_id, [item]);
    }
  }
  const sections: CategoryView[] = [];
  for (const category of data.categories ?? []) {
    const items = byCategoryId.get(category.id) ?? data.checklist?.[category.name] ?? [];
    const visible = active ? items.filter((item) => itemMatches(item, filter, words)) : items;
    if (active && visible.length === 0) continue;
    sections.push({ category, items, visible });
  }
  return sections;
}

// ---- progress and counts ----

export const isComplete = (status: ItemStatus) => status === 'provided' || status === 'not_applicable';

/** Completed (provided or not applicable) out of all items. */
export function computeProgress(items: readonly Pick<ChecklistItem, 'status'>[]): Progress {
  let completed = 0;
  for (const item of items) if (isComplete(item.status)) completed++;
  return { completed, total: items.length };
}

export interface ChecklistCounts {
  total: number;
  in_progress: number;
  provided: number;
  not_applicable: number;
  approved: number;
  changes_requested: number;
  required_open: number;
}

export function countItems(items: readonly ChecklistItem[]): ChecklistCounts {
  const counts: ChecklistCounts = {
    total: items.length,
    in_progress: 0,
    provided: 0,
    not_applicable: 0,
    approved: 0,
    changes_requested: 0,
    required_open: 0,
  };
  for (const item of items) {
    if (item.status in STATUS_LABELS) counts[item.status]++;
    const approval = approvalOf(item);
    if (approval === 'approved') counts.approved++;
    if (approval === 'changes_requested') counts.changes_requested++;
    if (item.required && !isComplete(item.status)) counts.required_open++;
  }
  return counts;
}

export function allItems(data: Pick<ChecklistResponse, 'checklist'>): ChecklistItem[] {
  return Object.values(data.checklist ?? {}).flat();
}

/** Expected vs actual files: 'met' once the actual count reaches a positive expectation. */
export function fileCountTone(
  expected: number | null | undefined,
  actual: number | null | undefined,
): 'met' | 'partial' | 'none' {
  const want = Number(expected) || 0;
  const have = Number(actual) || 0;
  if (want > 0 && have >= want) return 'met';
  if (have > 0) return 'partial';
  return 'none';
}

/** A target category the picker creates first: the catalog item's own category, new to this deal. */
export const NEW_CATEGORY_PREFIX = 'new:';

/**
 * The catalog picker's category default: the deal's category of the same name; else, when nothing is
 * picked yet, a new category named after the catalog's; else the current pick.
 */
export function defaultTargetCategory(
  categories: readonly Pick<ChecklistCategory, 'id' | 'name'>[],
  catalogCategory: string | null | undefined,
  current: string,
): string {
  if (!catalogCategory) return current;
  const match = categories.find((c) => c.name.trim().toLowerCase() === catalogCategory.trim().toLowerCase());
  if (match) return match.id;
  if (!current || current.startsWith(NEW_CATEGORY_PREFIX)) return `${NEW_CATEGORY_PREFIX}${catalogCategory}`;
  return current;
}

/** The category code a catalog code implies: 'A.1' gives 'A' (none when longer than 3 characters). */
export function codePrefix(catalogCode: string | null | undefined): string | null {
  const prefix = (catalogCode ?? '').split('.')[0]?.trim() ?? '';
  return prefix && [...prefix].length <= CATEGORY_CODE_MAX ? prefix : null;
}

// ---- which sections start open ----

/** Up to this many rows, every section starts open; beyond it only the first (the rest render when opened). */
export const OPEN_ALL_LIMIT = 150;

export function initiallyOpen(index: number, sections: readonly CategoryView[], filtering: boolean): boolean {
  const rows = sections.reduce((n, section) => n + (filtering ? section.visible.length : section.items.length), 0);
  return rows <= OPEN_ALL_LIMIT || index === 0;
}
