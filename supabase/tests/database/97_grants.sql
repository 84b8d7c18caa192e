-- What anon, authenticated and service_role hold on every table, view, sequence and function in
-- public: nothing comes from default privileges (Supabase today, and the bootstrap here), so each object
-- is granted by the migration that creates it, verb by verb (docs/decisions.md decision 31). An object
-- added without a decision, or a grant changed, differs from the list below. PUBLIC's grants count for
-- every role. `update(a,b)` is a grant on those columns only.
begin;
create extension if not exists pgtap with schema extensions;
select plan(2);

create function pg_temp.privs(p_oid oid, p_role text) returns text
language sql stable as $$
  select coalesce(string_agg(p, ' ' order by p), '') from (
    select lower(a.privilege_type) as p
      from pg_class c, aclexplode(coalesce(c.relacl, acldefault((case c.relkind when 'S' then 's' else 'r' end)::"char", c.relowner))) a
      where c.oid = p_oid and (a.grantee = 0 or a.grantee = p_role::regrole)
    union all
    select lower(a.privilege_type) || '(' || string_agg(at.attname, ',' order by at.attname) || ')'
      from pg_attribute at, aclexplode(at.attacl) a
      where at.attrelid = p_oid and (a.grantee = 0 or a.grantee = p_role::regrole)
      group by a.privilege_type) x
$$;
create function pg_temp.fn_privs(p_oid oid, p_role text) returns text
language sql stable as $$
  select coalesce(string_agg(lower(a.privilege_type), ' '), '')
  from pg_proc p, aclexplode(coalesce(p.proacl, acldefault('f'::"char", p.proowner))) a
  where p.oid = p_oid and (a.grantee = 0 or a.grantee = p_role::regrole)
$$;

create temp view granted (kind, name, anon, authenticated, service_role) as
  select case when c.relkind in ('v', 'm') then 'view' when c.relkind = 'S' then 'sequence' else 'table' end, c.relname::text,
         pg_temp.privs(c.oid, 'anon'), pg_temp.privs(c.oid, 'authenticated'), pg_temp.privs(c.oid, 'service_role')
  from pg_class c
  where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
    and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
  union all
  select case p.prokind when 'p' then 'procedure' else 'function' end, p.oid::regprocedure::text,
         pg_temp.fn_privs(p.oid, 'anon'), pg_temp.fn_privs(p.oid, 'authenticated'), pg_temp.fn_privs(p.oid, 'service_role')
  from pg_proc p
  where p.pronamespace = 'public'::regnamespace
    and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e');

select set_eq($$select * from granted$$, $$values
  -- Written by the database's own triggers and functions, read by members.
  ('table', 'activities', '', 'select', ''),
  ('table', 'audit_logs', '', 'select', ''),
  ('table', 'sign_ins', '', 'select', ''),
  ('table', 'platform_admins', '', 'select', ''),
  ('table', 'file_ai_analyses', '', 'select', ''),
  ('table', 'file_approvals', '', 'select', ''),
  ('table', 'file_texts', '', 'select', ''),
  ('table', 'file_renditions', '', 'select', ''),
  -- Written by private.create_export and the export worker, read by the requester (decision 48).
  ('table', 'exports', '', 'select', ''),
  -- Read and written within each policy.
  ('table', 'catalog_items', '', 'delete insert select update', ''),
  ('table', 'checklist_categories', '', 'delete insert select update', ''),
  ('table', 'checklist_presets', '', 'delete insert select update', ''),
  ('table', 'preset_items', '', 'delete insert select', ''),
  ('table', 'deal_groups', '', 'delete insert select update', ''),
  ('table', 'deal_group_members', '', 'delete insert select', ''),
  ('table', 'deal_tags', '', 'delete insert select update', ''),
  ('table', 'deal_member_tags', '', 'delete insert select', ''),
  ('table', 'permission_sets', '', 'delete insert select update', ''),
  ('table', 'file_permissions', '', 'insert select update', ''),
  ('table', 'files', '', 'delete insert select update', ''),
  ('table', 'checklist_approvals', '', 'insert select', ''),
  ('table', 'file_comments', '', 'insert select', ''),
  ('table', 'file_versions', '', 'insert select', ''),
  ('table', 'file_metadata', '', 'insert select update', ''),
  -- Append-only logs of reading (decision 46): the caller names only these columns.
  ('table', 'file_views', '', 'insert(deal_id,file_id,user_id,version_number) select', ''),
  ('table', 'file_view_pages', '', 'insert(page,seconds,view_id) select', ''),
  ('table', 'question_answers', '', 'delete insert select update(body,state)', ''),
  ('table', 'question_attachments', '', 'delete insert select', ''),
  ('table', 'questions', '', 'insert select update(assignee_id,body,category,due_date,priority,released_to_all,status,title)', ''),
  -- Column by column.
  ('table', 'profiles', '', 'select update(first_name,last_name,preferred_color,title)', ''),
  ('table', 'deals', '', 'insert(checklist_preset,description,id,name,owner_id) select update(archived_at,description,name,require_mfa,search_language,watermark_downloads)', ''),
  ('table', 'deal_members', '', 'delete insert select update(company,last_active_at,permission_set_id,role,status)', ''),
  ('table', 'invitations', '', 'delete insert select update(company,expires_at,group_ids,invited_at,permission_set_id,tag_ids,token_hash)', ''),
  ('table', 'folders', '', 'insert select update(archived_at)', ''),
  ('table', 'upload_grants', '', 'insert select update(completed_at)', ''),
  ('table', 'checklist_items', '', 'delete insert(anticipated_file_count,catalog_item_id,category_id,deal_id,description,id,item_code,name,position,required,requirements,status) select update(anticipated_file_count,category_id,description,item_code,name,position,required,requirements,status)', ''),
  -- The server's and the AI worker's only.
  ('table', 'ai_jobs', '', '', ''),
  ('sequence', 'ai_jobs_id_seq', '', '', ''),
  -- Called as the person; each checks auth.uid() itself.
  ('function', 'ai_request_analysis(uuid,uuid[],boolean)', '', 'execute', ''),
  ('function', 'ai_suggestion_action(uuid,text,uuid)', '', 'execute', ''),
  ('function', 'admin_set_super_admin(uuid,boolean)', '', 'execute', ''),
  ('function', 'admin_update_user(uuid,text,text,text)', '', 'execute', ''),
  ('function', 'admin_password_was_reset(uuid)', '', 'execute', ''),
  ('function', 'admin_can_manage_user(uuid)', '', 'execute', ''),
  ('function', 'admin_delete_user(uuid)', '', 'execute', ''),
  ('function', 'admin_permission_set_usage(uuid)', '', 'execute', ''),
  ('function', 'admin_system_set_counts()', '', 'execute', ''),
  ('function', 'admin_list_users(text,text,integer,integer)', '', 'execute', ''),
  ('function', 'end_my_sessions(text)', '', 'execute', ''),
  ('function', 'my_sessions()', '', 'execute', ''),
  ('function', 'end_my_session(uuid)', '', 'execute', ''),
  ('function', 'replace_my_recovery_codes(text[])', '', 'execute', ''),
  ('function', 'use_my_recovery_code(text)', '', 'execute', ''),
  ('function', 'my_recovery_codes_left()', '', 'execute', ''),
  ('function', 'forget_my_recovery_codes()', '', 'execute', ''),
  ('function', 'my_deals_needing_mfa()', '', 'execute', ''),
  ('function', 'audit_my_mfa(text)', '', 'execute', ''),
  -- Search inside documents (decision 47): runs as the caller, under row-level security.
  ('function', 'search_documents(uuid,text,uuid,text[],text,uuid,text,timestamp with time zone,timestamp with time zone,real,uuid,integer)', '', 'execute', '')
$$, 'every object in public holds exactly the grants decided for anon, authenticated and service_role');

-- And nothing created later is granted by default: the migrations' role has no default privileges
-- for the API roles in public (Supabase's `[api] auto_expose_new_tables = false`).
select is_empty($$select d.defaclobjtype, a.grantee::regrole from pg_default_acl d, aclexplode(d.defaclacl) a
    where d.defaclnamespace = 'public'::regnamespace and d.defaclrole = current_user::regrole
      and a.grantee in ('anon'::regrole, 'authenticated'::regrole, 'service_role'::regrole)$$,
  'nothing created in public is granted to the API roles by default');

select * from finish();
rollback;
