/** The deal's checklist and the catalog it draws from: requests and answers (docs/product.md §3, §7 Checklist). */
import { z } from 'zod';
import { CATALOG_CATEGORIES } from './catalog.ts';
import { approvalStatus } from './files.ts';

export const ITEM_STATUSES = ['in_progress', 'provided', 'not_applicable'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** A checklist item's review state (`checklist_items.approval_status`). */
export const ITEM_APPROVALS = ['pending', 'approved', 'changes_requested'] as const;
export const itemApproval = z.enum(ITEM_APPROVALS);
export type ItemApproval = z.infer<typeof itemApproval>;

const uuid = z.string().uuid();
export const itemStatus = z.enum(ITEM_STATUSES, {
  message: 'status must be in_progress, provided or not_applicable',
});
const code = z
  .string()
  .trim()
  .max(3, 'The category code can be at most 3 characters')
  .nullish()
  .transform((v) => (v ? v : null));
const fileCount = z
  .number()
  .int('The expected file count must be a whole number')
  .min(0, 'The expected file count cannot be negative')
  .max(10000);

// Requests.

export const categoryBody = z.object({
  name: z.string({ required_error: 'Please enter a category name' }).trim().min(1, 'Please enter a category name').max(200),
  code,
});

export const itemBody = z.object({
  name: z.string({ required_error: 'Please enter an item name' }).trim().min(1, 'Please enter an item name').max(300),
  description: z.string().trim().max(5000).default(''),
  category_id: z.string({ required_error: 'Please choose a category' }).uuid('Please choose a category'),
  status: itemStatus.default('in_progress'),
  required: z.boolean().default(true),
  anticipated_file_count: fileCount.default(1),
});
export type ItemBody = z.infer<typeof itemBody>;

export const itemPatch = z
  .object({
    name: z.string().trim().min(1, 'Please enter an item name').max(300).optional(),
    description: z.string().trim().max(5000).optional(),
    required: z.boolean().optional(),
    anticipated_file_count: fileCount.optional(),
    status: itemStatus.optional(),
    category_id: uuid.optional(),
  })
  .strict();

/** The optional body of approve and request-changes (the web sends none). */
export const decisionBody = z.object({ note: z.string().trim().max(2000).nullish() }).passthrough();

/** PUT /deals/{id}/checklist/{itemId}: the item's status and exactly which files answer it. */
export const itemUpdateBody = z.object({ status: itemStatus.optional(), files: z.array(uuid).max(1000).optional() }).strict();

export const filesByItemsBody = z.object({ item_ids: z.array(uuid).max(2000) });

/** GET /checklist-catalog and /checklist-catalog/presets. */
export const catalogListQuery = z.object({
  active_only: z.enum(['true', 'false']).default('false'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
  search: z.string().max(200).default(''),
  category: z.enum(CATALOG_CATEGORIES).or(z.literal('')).default(''),
});

export const addToDealBody = z.object({
  catalog_item_id: z
    .string({ required_error: 'Please select an item and target category' })
    .uuid('Please select an item and target category'),
  category_id: z
    .string({ required_error: 'Please select an item and target category' })
    .uuid('Please select an item and target category'),
  title_override: z.string().trim().max(300).nullish(),
  description_override: z.string().trim().max(5000).nullish(),
});

// Answers.

const timestamp = z.string();
export const rightsShape = {
  can_edit: z.boolean(),
  can_approve: z.boolean(),
  can_upload: z.boolean(),
  /** The Update button of a row: status and connected files, or for upload_only the upload alone. */
  can_update: z.boolean(),
  /** Update picks files of the deal to link (upload_only sees none: decision 35). */
  can_link_files: z.boolean(),
};
export const checklistRights = z.object(rightsShape).strict();
export type ChecklistRights = z.infer<typeof checklistRights>;

/** A category with its progress (completed = provided or not applicable). */
export const checklistCategory = z
  .object({
    id: z.string(),
    name: z.string(),
    code: z.string().nullable(),
    position: z.number(),
    completed: z.number(),
    total: z.number(),
  })
  .strict();
export type ChecklistCategory = z.infer<typeof checklistCategory>;

/** PUT /deals/{id}/checklist/categories/{categoryId}: the category without its progress. */
export const checklistCategoryRow = checklistCategory.omit({ completed: true, total: true });

/** A file linked to an item (docs/product.md §3 'Attached file in checklist'). */
export const connectedFile = z
  .object({
    file_id: z.string(),
    name: z.string(),
    size: z.number().nullable(),
    ai_status: z.string().nullable(),
    approval_status: approvalStatus,
    uploaded_at: timestamp,
  })
  .strict();
export type ConnectedFile = z.infer<typeof connectedFile>;

export const checklistItem = z
  .object({
    id: z.string(),
    /** The item's code, such as A.1. */
    item_id: z.string().nullable(),
    name: z.string(),
    description: z.string().nullable(),
    category_id: z.string(),
    category: z.string(),
    category_code: z.string().nullable(),
    status: z.enum(ITEM_STATUSES),
    required: z.boolean(),
    files: z.array(z.string()),
    metadata: z.object({ anticipated_file_count: z.number(), actual_file_count: z.number() }).strict(),
    approval: z.object({ status: itemApproval, decided_by: z.string().nullable(), decided_at: timestamp.nullable() }).strict(),
    approval_status: itemApproval,
    connected_files: z.array(connectedFile),
    catalog_item_id: z.string().nullable(),
    requirements: z.record(z.unknown()).nullable(),
    position: z.number(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .strict();
export type ChecklistItem = z.infer<typeof checklistItem>;

/** GET /deals/{id}/checklist: the categories, progress, the caller's rights and category name to items. */
export const checklistAnswer = z
  .object({
    categories: z.array(checklistCategory),
    progress: z.object({ completed: z.number(), total: z.number() }).strict(),
    checklist: z.record(z.array(checklistItem)),
    ...rightsShape,
  })
  .strict();
export type ChecklistResponse = z.infer<typeof checklistAnswer>;

export const approvalDecision = z
  .object({
    id: z.string(),
    decision: z.enum(['approved', 'changes_requested']),
    note: z.string().nullable(),
    decided_at: timestamp,
    decided_by_email: z.string().nullable(),
    decided_by_first_name: z.string().nullable(),
    decided_by_last_name: z.string().nullable(),
  })
  .strict();
export type ApprovalDecision = z.infer<typeof approvalDecision>;

/** GET /deals/{id}/checklist/items/{itemId}: the item, its decisions and the caller's rights. */
export const checklistItemDetail = checklistItem.extend({ approval_history: z.array(approvalDecision), ...rightsShape });
export type ChecklistItemDetail = z.infer<typeof checklistItemDetail>;

/** POST .../checklist/files-by-items: item id to its linked files. */
export const filesByItems = z.object({ files_by_item: z.record(z.array(connectedFile)) }).strict();
export type FilesByItems = z.infer<typeof filesByItems>;

export const catalogItem = z
  .object({
    id: z.string(),
    code: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    category: z.enum(CATALOG_CATEGORIES),
    subcategory: z.string().nullable(),
    version: z.number(),
    active: z.boolean(),
    requirements: z.record(z.unknown()).nullable(),
    ai_checks: z.record(z.unknown()).nullable(),
    presets: z.array(z.string()),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .strict();
export type CatalogItem = z.infer<typeof catalogItem>;

/** GET /checklist-catalog. */
export const catalogPage = z
  .object({ items: z.array(catalogItem), total_count: z.number(), page: z.number(), page_size: z.number() })
  .strict();
export type CatalogPage = z.infer<typeof catalogPage>;

export const checklistPreset = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    is_default: z.boolean(),
    active: z.boolean(),
    item_count: z.number(),
  })
  .strict();
export type ChecklistPreset = z.infer<typeof checklistPreset>;

/** GET /checklist-catalog/presets. */
export const presetPage = z.object({ presets: z.array(checklistPreset), total_count: z.number() }).strict();
