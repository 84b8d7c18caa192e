-- What the API roles may do in `public`, stated object by object (docs/decisions.md decision 31).
-- Supabase projects made since 30 May 2026 (and every project's new tables since 30 October 2026) give
-- anon, authenticated and service_role no default privileges in public; older projects and older
-- embedded data directories still hold the old blanket grants. Both end here with the same set: all
-- of it revoked, then granted verb by verb. Every later migration that creates a table, view, sequence
-- or function in public grants it in the same file, and supabase/tests/database/97_grants.sql lists
-- what each role holds, so an object nobody decided on fails the suite.
--
-- Who needs what: the API reaches the database as its own role (Supabase's `postgres`) and, for
-- everything done on a person's behalf, as `authenticated` (supabase/functions/_shared/db.ts, asUser).
-- `authenticated` gets each verb some row-level security policy allows it, and no other (a verb
-- without a policy could only ever be refused), with the column lists the earlier migrations chose.
-- `anon` holds nothing (docs/access-model.md: nothing is readable signed out). `service_role` holds nothing
-- either: the product uses the service key only for Storage and GoTrue's admin API, never the Data
-- API. No role gets TRUNCATE, TRIGGER, REFERENCES or MAINTAIN.

revoke all on all tables in schema public from anon, authenticated, service_role;
revoke all on all sequences in schema public from anon, authenticated, service_role;
revoke all on all functions in schema public from public, anon, authenticated, service_role;
-- The defaults of the role that runs the migrations: nothing new is granted behind a migration's back.
alter default privileges in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges in schema public revoke all on sequences from anon, authenticated, service_role;
alter default privileges in schema public revoke all on functions from anon, authenticated, service_role;

-- Read-only to members (written by the database's own triggers and functions).
grant select on public.activities, public.audit_logs, public.sign_ins, public.platform_admins,
  public.file_ai_analyses, public.file_approvals, public.file_texts to authenticated;

-- Read and written through the API within each policy.
grant select, insert, update, delete on public.catalog_items, public.checklist_categories, public.checklist_presets,
  public.preset_items, public.deal_groups, public.deal_group_members, public.deal_tags, public.deal_member_tags,
  public.permission_sets, public.file_permissions, public.files to authenticated;

-- Append-only records.
grant select, insert on public.checklist_approvals, public.file_comments, public.file_versions to authenticated;

grant select, insert, update on public.file_metadata to authenticated;

-- Column lists as decided by the migrations that created them.
grant select on public.profiles to authenticated;
grant update (first_name, last_name, title, preferred_color) on public.profiles to authenticated;

grant select on public.deals to authenticated;
grant insert (id, name, description, owner_id, checklist_preset) on public.deals to authenticated;
grant update (name, description, archived_at, require_mfa) on public.deals to authenticated;

grant select, insert, delete on public.deal_members to authenticated;
grant update (role, status, company, permission_set_id, last_active_at) on public.deal_members to authenticated;

grant select, insert, delete on public.invitations to authenticated;
grant update (expires_at, invited_at, permission_set_id, group_ids, tag_ids, company, token_hash)
  on public.invitations to authenticated;

grant select, insert on public.folders to authenticated;
grant update (archived_at) on public.folders to authenticated;

-- Removed by the server's sweep only (supabase/functions/_shared/jobs/upload-sweep.ts).
grant select, insert on public.upload_grants to authenticated;
grant update (completed_at) on public.upload_grants to authenticated;

grant select, delete on public.checklist_items to authenticated;
grant insert (id, deal_id, category_id, item_code, name, description, status, required, anticipated_file_count,
  catalog_item_id, requirements, position) on public.checklist_items to authenticated;
grant update (category_id, item_code, name, description, status, required, anticipated_file_count, requirements, position)
  on public.checklist_items to authenticated;

-- public.ai_jobs and its sequence: the server's and the worker's only (nothing granted).

-- The functions the API calls as the person (each checks auth.uid() itself).
grant execute on function
  public.ai_request_analysis(uuid, uuid[], boolean),
  public.ai_suggestion_action(uuid, text, uuid),
  public.admin_set_super_admin(uuid, boolean),
  public.admin_update_user(uuid, text, text, text),
  public.admin_password_was_reset(uuid),
  public.admin_can_manage_user(uuid),
  public.admin_delete_user(uuid),
  public.admin_permission_set_usage(uuid),
  public.admin_system_set_counts(),
  public.admin_list_users(text, text, integer, integer),
  public.end_my_sessions(text),
  public.my_sessions(),
  public.end_my_session(uuid),
  public.replace_my_recovery_codes(text[]),
  public.use_my_recovery_code(text),
  public.my_recovery_codes_left(),
  public.forget_my_recovery_codes(),
  public.my_deals_needing_mfa(),
  public.audit_my_mfa(text)
  to authenticated;
