/** Deal users, groups, tags, permission sets and invitations: requests and answers (docs/product.md §3, §5, §7 People). */
import { z } from 'zod';
import { CAPABILITIES } from './capabilities.ts';

// Requests.

export const COLOR = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'Colour must look like #6366F1');
export const uuid = z.string().uuid();
export const uuidList = z.array(uuid).max(500).default([]);

export const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
  search: z.string().trim().max(200).default(''),
  status: z.enum(['active', 'inactive', 'suspended', '']).default(''),
  group_id: uuid.optional(),
  tag_id: uuid.optional(),
});

export const capabilityMap = z.record(z.enum(CAPABILITIES), z.boolean()).transform((caps) =>
  Object.entries(caps)
    .filter(([, on]) => on)
    .map(([cap]) => cap),
);

export const setBody = z.object({
  name: z.string({ required_error: 'Please enter a name' }).trim().min(1, 'Please enter a name').max(100),
  description: z.string().trim().max(1000).default(''),
  capabilities: capabilityMap.or(z.array(z.enum(CAPABILITIES))).default({}),
});
export const groupBody = z.object({
  name: z.string({ required_error: 'Please enter a group name' }).trim().min(1, 'Please enter a group name').max(100),
  description: z.string().trim().max(1000).default(''),
  permission_set_id: uuid.nullish(),
  color: COLOR.default('#6366F1'),
});
export const tagBody = z.object({
  name: z.string({ required_error: 'Please enter a tag name' }).trim().min(1, 'Please enter a tag name').max(100),
  color: COLOR.default('#10B981'),
});

export const memberUpdate = z
  .object({
    permission_set_id: uuid.optional(),
    group_ids: z.array(uuid).max(500).optional(),
    tag_ids: z.array(uuid).max(500).optional(),
    company: z.string().trim().max(200).nullish(),
    status: z.enum(['active', 'inactive', 'suspended']).optional(),
    /** Grant ('admin') or revoke ('member') the deal admin role: deal admins only (docs/decisions.md decision 34). */
    role: z.enum(['admin', 'member'], { message: 'role must be admin or member' }).optional(),
  })
  .strict();

export const bulkUpdate = z
  .object({
    user_ids: z.array(uuid).min(1, 'Select at least one user').max(1000),
    permission_set_id: uuid.optional(),
    add_group_ids: z.array(uuid).min(1).optional(),
    remove_group_ids: z.array(uuid).min(1).optional(),
    add_tag_ids: z.array(uuid).min(1).optional(),
    remove_tag_ids: z.array(uuid).min(1).optional(),
  })
  .strict();

export const emailValue = z.string().trim().toLowerCase().max(254).email();

export const inviteBody = z.object({
  permission_set_id: z.string({ required_error: 'Please select a permission set' }).min(1, 'Please select a permission set'),
  group_ids: uuidList,
  tag_ids: uuidList,
  company: z.string().trim().max(200).nullish(),
});

/** POST /deals/{id}/invitations. */
export const inviteOneBody = inviteBody.extend({
  email: z.string({ required_error: 'Please enter an email address' }).trim().min(1, 'Please enter an email address'),
});

/** POST /deals/{id}/invite: Part 1's form, {email, permission_set (name), company}. */
export const invitePart1Body = z.object({
  email: z.string({ required_error: 'Please enter an email address' }).trim().min(1, 'Please enter an email address'),
  permission_set: z.string().trim().max(100).default('upload_view'),
  company: z.string().trim().max(200).nullish(),
});

export const inviteBulkBody = inviteBody.extend({
  emails: z.union([z.string().max(100_000), z.array(z.string().max(254)).max(1000)]),
});

/** Accepting or declining an invitation: the link's token, when opened from the e-mail. */
export const invitationAnswerBody = z.object({ token: z.string().min(10).max(200).nullish() });

/** PUT /deals/{id}/users/{userId}: Part 1's form, {permission_set (name or id), company}. */
export const memberPart1Body = z.object({
  permission_set: z.string().min(1).max(100).optional(),
  company: z.string().trim().max(200).nullish(),
});

// Answers.

const capabilityFlags = z.record(z.enum(CAPABILITIES), z.boolean());
export const MEMBER_STATUSES = ['active', 'inactive', 'suspended'] as const;

export const coloredRef = z.object({ id: z.string(), name: z.string(), color: z.string() }).strict();
export type ColoredRef = z.infer<typeof coloredRef>;

/** One row of GET /deals/{id}/users-enhanced, and the answer of a member's edit. */
export const enhancedUser = z
  .object({
    user_id: z.string(),
    email: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    company: z.string().nullable(),
    status: z.enum(MEMBER_STATUSES),
    role: z.string(),
    display_role: z.string().nullable(),
    is_owner: z.boolean(),
    last_active_at: z.string().nullable(),
    joined_at: z.string().nullable(),
    permission_set_id: z.string().nullable(),
    permission_set_name: z.string().nullable(),
    /** The set's name, or for a legacy role the set it maps to ('admin' for admins). */
    permission_set: z.string().nullable(),
    groups: z.array(coloredRef),
    tags: z.array(coloredRef),
    effective_permissions: capabilityFlags,
  })
  .strict();
export type EnhancedUser = z.infer<typeof enhancedUser>;

export const enhancedUsersPage = z
  .object({
    users: z.array(enhancedUser),
    total_count: z.number(),
    page: z.number(),
    page_size: z.number(),
    can_manage: z.boolean(),
    /** The caller is a deal admin: they may grant and revoke the admin role. */
    can_manage_admins: z.boolean(),
  })
  .strict();
export type EnhancedUsersPage = z.infer<typeof enhancedUsersPage>;

/** One row of GET /deals/{id}/users (docs/product.md §3 Deal user). */
export const dealUser = z
  .object({
    id: z.string(),
    email: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    company: z.string().nullable(),
    permission_set: z.string().nullable(),
    role: z.string().nullable(),
    is_owner: z.boolean(),
    status: z.string(),
  })
  .strict();
export type DealUser = z.infer<typeof dealUser>;

export const companies = z.object({ companies: z.array(z.string()) }).strict();

export const permissionSet = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    type: z.enum(['system', 'custom']),
    capabilities: capabilityFlags,
    user_count: z.number().optional(),
    group_count: z.number().optional(),
  })
  .strict();
export type PermissionSet = z.infer<typeof permissionSet>;

export const group = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    permission_set_id: z.string().nullable(),
    permission_set_name: z.string().nullable(),
    color: z.string(),
    member_count: z.number(),
  })
  .strict();
export type Group = z.infer<typeof group>;

export const tag = z.object({ id: z.string(), name: z.string(), color: z.string(), member_count: z.number() }).strict();
export type Tag = z.infer<typeof tag>;

/** One row of GET /deals/{id}/invitations. */
export const invitation = z
  .object({
    id: z.string(),
    email: z.string(),
    status: z.string(),
    invited_at: z.string(),
    expires_at: z.string(),
    company: z.string().nullable(),
    permission_set_id: z.string().nullable(),
    permission_set_name: z.string().nullable(),
    group_ids: z.array(z.string()),
    tag_ids: z.array(z.string()),
    is_expired: z.boolean(),
    invited_by_email: z.string().nullable(),
  })
  .strict();
export type Invitation = z.infer<typeof invitation>;

/** POST /deals/{id}/invitations and /invite. */
export const invitationSent = z.object({ id: z.string(), email: z.string(), status: z.literal('pending') }).strict();

export const bulkInviteResult = z
  .object({
    created_count: z.number(),
    skipped_count: z.number(),
    skipped: z.array(z.object({ email: z.string(), reason: z.string() }).strict()),
  })
  .strict();
export type BulkInviteResult = z.infer<typeof bulkInviteResult>;

export const invitationResent = z.object({ id: z.string(), expires_at: z.string(), resent: z.literal(true) }).strict();

/** One row of GET /invitations/my-invitations (docs/product.md §3 Invitation). */
export const myInvitation = z
  .object({
    invitation_id: z.string(),
    deal_id: z.string(),
    deal_name: z.string(),
    deal_description: z.string().nullable(),
    invited_by_name: z.string().nullable(),
    invited_by: z.string().nullable(),
    invited_at: z.string(),
    expires_at: z.string(),
    is_expired: z.boolean(),
    permission_set_name: z.string().nullable(),
  })
  .strict();
export type MyInvitation = z.infer<typeof myInvitation>;

/** POST /invitations/{id}/accept and /decline. */
export const invitationAnswer = z
  .object({ invitation_id: z.string(), deal_id: z.string(), status: z.enum(['accepted', 'declined']) })
  .strict();

export const bulkResult = z
  .object({
    success_count: z.number(),
    failed_count: z.number(),
    failed: z.array(z.object({ user_id: z.string(), reason: z.string() }).strict()),
  })
  .strict();
export type BulkResult = z.infer<typeof bulkResult>;

export const memberRemoved = z.object({ user_id: z.string(), removed: z.literal(true) }).strict();
