/** The admin portal's requests and answers (docs/product.md admin portal, §7 Admin). */
import { z } from 'zod';
import { ADMIN_PAGE_DEFAULT, AUDIT_DAYS, AUDIT_PAGE_DEFAULT, ELIGIBLE_PAGE_DEFAULT, MIN_ADMIN_PASSWORD } from './values.ts';

export { ADMIN_PAGE_DEFAULT, AUDIT_DAYS, AUDIT_PAGE_DEFAULT, ELIGIBLE_PAGE_DEFAULT, MIN_ADMIN_PASSWORD };
import { CAPABILITIES } from './capabilities.ts';

export { CAPABILITIES };
export const BUILT_IN_SETS = ['upload_only', 'upload_view', 'approve_only', 'edit'] as const;

export const adminListQuery = (pageSize: number) =>
  z.object({
    search: z.string().max(200).default(''),
    page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
    page_size: z.coerce.number().int().min(1).max(100, 'page_size is at most 100').default(pageSize),
  });

export const auditQuery = z.object({
  entity_type: z.string().max(50).default(''),
  action: z.string().max(80).default(''),
  days: z.coerce
    .number()
    .int()
    .refine((d) => (AUDIT_DAYS as readonly number[]).includes(d), 'days is 7, 30, 90 or 365')
    .default(30),
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  page_size: z.coerce.number().int().min(1).max(200, 'page_size is at most 200').default(AUDIT_PAGE_DEFAULT),
});

export const superAdminToggle = z.object({
  user_id: z.string({ required_error: 'user_id is required' }).uuid('user_id must be a user id'),
  is_super_admin: z.boolean({
    required_error: 'is_super_admin is required',
    invalid_type_error: 'is_super_admin must be true or false',
  }),
});

const name = (label: string) => z.string().trim().max(100, `${label} is at most 100 characters`);
export const adminUserUpdate = z.object({
  first_name: name('First name').optional(),
  last_name: name('Last name').optional(),
  title: name('Title').optional(),
});

export const passwordReset = z.object({
  user_id: z.string().optional(),
  new_password: z
    .string({ required_error: 'new_password is required' })
    .min(MIN_ADMIN_PASSWORD, `Password must be at least ${MIN_ADMIN_PASSWORD} characters`)
    .max(200, 'Password is at most 200 characters'),
});

export const systemSetBody = z.object({
  name: z.string({ required_error: 'Please enter a name' }).trim().min(1, 'Please enter a name').max(100),
  description: z.string().trim().max(1000).default(''),
  /** A map of capability to boolean (the deal sets' shape) or a list of capabilities. */
  capabilities: z
    .union([
      z.record(z.string(), z.boolean()).transform((m) =>
        Object.entries(m)
          .filter(([, on]) => on)
          .map(([k]) => k),
      ),
      z.array(z.string()),
    ])
    .default([]),
});

export interface AdminUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  title: string;
  is_super_admin: boolean;
  created_at: string;
}

export interface AdminUserPage {
  users: AdminUser[];
  total_count: number;
  page: number;
  page_size: number;
}

export interface SystemPermissionSet {
  id: string;
  name: string;
  description: string;
  type: 'system';
  built_in: boolean;
  capabilities: Record<(typeof CAPABILITIES)[number], boolean>;
  user_count: number;
  group_count: number;
  created_at: string;
  updated_at: string;
}

export interface PermissionSetUsage {
  permission_set_id: string;
  permission_set_name: string;
  total_users: number;
  total_groups: number;
  total_invitations: number;
  users: { email: string; deal_name: string }[];
  groups: { group_name: string; deal_name: string }[];
}

export interface AuditEntry {
  id: string;
  created_at: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  performed_by: string | null;
  performed_by_email: string | null;
  changes: Record<string, { old: unknown; new: unknown }>;
  metadata: Record<string, unknown>;
}

export interface AuditPage {
  logs: AuditEntry[];
  total_count: number;
  page: number;
  page_size: number;
}
