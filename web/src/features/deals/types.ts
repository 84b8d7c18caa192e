import type { DealRole } from '../../lib/api/deal';
import type { SectionProgress, Progress } from '../../lib/progress';

export interface Activity {
  id?: string;
  activity_type: string;
  description: string;
  created_at: string;
  user_first_name?: string | null;
  user_last_name?: string | null;
  user_email?: string | null;
  metadata?: Record<string, unknown> | null;
}

export interface RecentFile {
  id?: string;
  name: string;
  path?: string | null;
  created_at: string;
  tags?: string[] | null;
}

/** An entry of GET /deals. */
export interface DealSummary {
  id: string;
  name: string;
  description: string | null;
  user_role: DealRole;
  is_owner?: boolean;
  user_count: number;
  created_at: string;
  archived_at?: string | null;
  checklist_progress: SectionProgress | null;
  recent_activity: Activity[] | null;
  recent_files?: RecentFile[] | null;
  /** Files awaiting a decision among those the caller sees (docs/decisions.md decision 36). */
  files_pending_review?: number;
}

export type DealView = 'active' | 'archived';

export interface ChecklistPreset {
  id: string;
  name: string;
  description?: string | null;
  is_default: boolean;
}

export interface DashboardStats {
  files_uploaded: number;
  files_pending_review: number;
  files_processing: number;
  files_queued: number;
  files_approved: number;
  team_members: number;
  recent_activity_count: number;
  overall_progress: Progress;
  checklist_progress: SectionProgress;
  recent_activities: Activity[];
  recent_files: RecentFile[];
}

/** docs/product.md §3 Invitation; deal_id and status are read when the server sends them. */
export interface Invitation {
  invitation_id: string;
  deal_id?: string | null;
  deal_name: string;
  deal_description?: string | null;
  invited_by_name?: string | null;
  invited_by?: string | null;
  is_expired?: boolean;
  status?: string;
  expires_at?: string | null;
  permission_set_name?: string | null;
}
