import { api } from '../../../lib/api/client';
import type { ApprovalStatus, FileDetail } from '../types';
import { basedOn } from './keys';
import { filePath } from '../../../lib/api/deal-path';

export interface FileUpdate {
  tags?: string[];
  checklist_items?: string[];
  approval_status?: ApprovalStatus;
  name?: string;
  formatted_title?: string | null;
}

export const updateFile = (dealId: string, fileId: string, update: FileUpdate, editVersion?: number) =>
  api.put<FileDetail>(filePath(dealId, fileId), update, basedOn(editVersion));

export const setApproval = (dealId: string, fileId: string, status: ApprovalStatus, note?: string) =>
  api.put<FileDetail>(`${filePath(dealId, fileId)}/approval`, { status, note });
