/** The AI assistant's requests and answers (docs/product.md §3 Pending AI file and AI suggestion, §7 AI). */
import { z } from 'zod';

export const AI_ACTIONS = ['accept', 'dismiss', 'override', 'try_again'] as const;
export type AiAction = (typeof AI_ACTIONS)[number];

/** `new_item_id` is the dashboard modal's name for `override_item_id`; either is accepted. */
export const aiActionBody = z
  .object({
    action: z.string({ required_error: 'action is required' }),
    override_item_id: z.string().uuid('override_item_id must be a checklist item id').nullish(),
    new_item_id: z.string().uuid('new_item_id must be a checklist item id').nullish(),
  })
  .transform((b) => ({ action: b.action, itemId: b.override_item_id ?? b.new_item_id ?? null }));

export const batchAnalysisBody = z
  .object({
    file_ids: z.array(z.string().uuid('file_ids must be file ids')).max(1000).optional(),
  })
  .default({});

export interface AiCandidate {
  item_id: string;
  item_name: string;
  category: string;
  confidence: number;
  reasoning: string;
}

export interface RecommendedItem {
  id: string;
  name: string;
  category: string | null;
}

export interface AiAnalysis {
  analysis_id: string;
  file_id: string;
  status: 'review' | 'accepted' | 'overridden' | 'dismissed' | 'superseded' | 'no_match';
  provider: 'builtin' | 'openai';
  version_number: number;
  recommended_item: RecommendedItem | null;
  category: string | null;
  confidence: number | null;
  reasoning: string;
  candidates: AiCandidate[];
  ai_tags: string[];
  extraction: 'full' | 'truncated' | 'name_only';
  chosen_item_id: string | null;
  created_at: string;
  decided_at: string | null;
  file_name: string;
  /** Whether the caller may act on this suggestion now (it awaits review and they have the rights). */
  can_decide: boolean;
  /** Whether text was read out of this version (search finds only what was read: issue 35); null when unknown. */
  text_found?: boolean | null;
}

/** A file awaiting a decision (docs/decisions.md decision 36), with its open AI suggestion if any. */
export interface PendingAiFile {
  file_id: string;
  file_name: string;
  upload_date: string;
  file_path: string;
  approval_status: 'pending' | 'review';
  /** The open suggestion's; null (and empty lists) when the file has none. */
  confidence: number | null;
  ai_tags: string[];
  analysis_id: string | null;
  reasoning: string | null;
  recommended_item: RecommendedItem | null;
  candidates: AiCandidate[];
  /** Whether the caller may accept, override or dismiss its open suggestion (approve or edit rights, or the uploader). */
  can_decide: boolean;
}

export interface PendingReview {
  pending_files: PendingAiFile[];
  total_count: number;
}

export interface AiSuggestion {
  file_id: string;
  file_name: string;
  confidence: number | null;
  reasoning: string;
  item_id: string;
  item_name: string;
  analysis_id: string;
  status: string;
}

export interface ChecklistAiSuggestions {
  suggestions_by_item: Record<string, AiSuggestion[]>;
}

export interface AiActionResult {
  file_id: string;
  action: AiAction;
  item_id: string | null;
  ai_status: string;
}

export interface AiStatus {
  status: string;
}

export interface BatchAnalysisResult {
  processed_files: number;
  message: string;
}

/** The answer of POST .../metadata/ai-generate: the saved metadata and what was and was not found. */
export interface GeneratedMetadataResult {
  metadata: Record<string, unknown>;
  /** The stored fields that were empty and now hold a value. */
  filled_fields: string[];
  /** The same as the file page names them ('Formatted title', 'People'), in its order. */
  filled: string[];
  /** Empty fields nothing was found for, by the same names. */
  not_found: string[];
  /** "Filled: Formatted title, People. Could not find: Date range, Organizations." */
  message: string;
}
