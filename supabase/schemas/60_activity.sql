-- History (docs/architecture.md "History"): deal activity, the platform audit log and sign-ins, written
-- by the database itself; the audit triggers on the tables of other areas are here with their function.

set check_function_bodies = false;

-- Tables

CREATE TABLE public.activities (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    deal_id uuid NOT NULL,
    user_id uuid,
    activity_type text NOT NULL,
    description text NOT NULL,
    metadata jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT activities_activity_type_check CHECK ((activity_type = ANY (ARRAY['upload'::text, 'download'::text, 'delete'::text, 'checklist_update'::text, 'user_invite'::text, 'deal_create'::text, 'login'::text, 'approval'::text, 'ai_review'::text, 'role_change'::text, 'export'::text, 'view'::text, 'question'::text, 'answer'::text])))
);

CREATE TABLE public.audit_logs (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    action text NOT NULL,
    entity_type text NOT NULL,
    entity_id uuid,
    performed_by uuid,
    performed_by_email text,
    old_values jsonb,
    new_values jsonb,
    changes jsonb DEFAULT '{}'::jsonb NOT NULL,
    metadata jsonb DEFAULT '{}'::jsonb NOT NULL
);

-- Who read what (docs/decisions.md decision 46): append-only, each view also a `view` activity.
CREATE TABLE public.file_views (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    deal_id uuid NOT NULL,
    file_id uuid NOT NULL,
    version_number integer NOT NULL,
    user_id uuid NOT NULL,
    started_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.file_view_pages (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    view_id uuid NOT NULL,
    deal_id uuid NOT NULL,
    user_id uuid NOT NULL,
    page integer NOT NULL,
    seconds double precision NOT NULL,
    recorded_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT file_view_pages_page_check CHECK ((page >= 1)),
    CONSTRAINT file_view_pages_seconds_check CHECK (((seconds > (0)::double precision) AND (seconds <= (600)::double precision)))
);

CREATE TABLE public.sign_ins (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_at timestamp with time zone DEFAULT now() NOT NULL,
    times integer DEFAULT 1 NOT NULL
);

ALTER TABLE ONLY public.activities
    ADD CONSTRAINT activities_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.audit_logs
    ADD CONSTRAINT audit_logs_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.file_views
    ADD CONSTRAINT file_views_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.file_view_pages
    ADD CONSTRAINT file_view_pages_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.sign_ins
    ADD CONSTRAINT sign_ins_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.activities
    ADD CONSTRAINT activities_deal_id_fkey FOREIGN KEY (deal_id) REFERENCES public.deals(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.activities
    ADD CONSTRAINT activities_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.file_views
    ADD CONSTRAINT file_views_deal_id_fkey FOREIGN KEY (deal_id) REFERENCES public.deals(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.file_views
    ADD CONSTRAINT file_views_version_fkey FOREIGN KEY (file_id, version_number) REFERENCES public.file_versions(file_id, version_number) ON DELETE CASCADE;

ALTER TABLE ONLY public.file_views
    ADD CONSTRAINT file_views_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.file_view_pages
    ADD CONSTRAINT file_view_pages_view_id_fkey FOREIGN KEY (view_id) REFERENCES public.file_views(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.file_view_pages
    ADD CONSTRAINT file_view_pages_deal_id_fkey FOREIGN KEY (deal_id) REFERENCES public.deals(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.sign_ins
    ADD CONSTRAINT sign_ins_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

-- Indexes

CREATE INDEX activities_deal_keyset_idx ON public.activities USING btree (deal_id, created_at DESC, id DESC);

CREATE INDEX audit_logs_action_idx ON public.audit_logs USING btree (action, created_at DESC);

CREATE INDEX audit_logs_created_idx ON public.audit_logs USING btree (created_at DESC);

CREATE INDEX audit_logs_entity_idx ON public.audit_logs USING btree (entity_type, created_at DESC);

CREATE INDEX file_views_deal_started_idx ON public.file_views USING btree (deal_id, started_at);

CREATE INDEX file_views_file_idx ON public.file_views USING btree (file_id, user_id, started_at);

CREATE INDEX file_view_pages_view_idx ON public.file_view_pages USING btree (view_id);

CREATE INDEX sign_ins_user_keyset_idx ON public.sign_ins USING btree (user_id, created_at DESC, id DESC);

-- Helpers

CREATE FUNCTION private.audit_logs_immutable() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  raise exception 'audit_logs is append-only' using errcode = '42501';
end $$;

CREATE FUNCTION private.audit_row() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_old jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  v_new jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  v_entity text := tg_argv[0];
  v_action text;
  v_changes jsonb := '{}'::jsonb;
  v_key text;
  v_actor uuid := auth.uid();
begin
  for v_key in select jsonb_object_keys(coalesce(v_new, v_old)) loop
    if (v_old -> v_key) is distinct from (v_new -> v_key) and v_key not in ('updated_at') then
      v_changes := v_changes || jsonb_build_object(v_key, jsonb_build_object('old', v_old -> v_key, 'new', v_new -> v_key));
    end if;
  end loop;
  if tg_op = 'UPDATE' and v_changes = '{}'::jsonb then
    return null;
  end if;
  v_action := v_entity || '_' || case tg_op when 'INSERT' then 'created' when 'DELETE' then 'deleted' else 'updated' end;
  if tg_op = 'UPDATE' and v_changes ? 'archived_at' and (v_old ->> 'archived_at') is null then
    v_action := v_entity || '_archived';
  end if;
  insert into public.audit_logs (action, entity_type, entity_id, performed_by, performed_by_email,
                                 old_values, new_values, changes)
  values (v_action, v_entity, coalesce((v_new ->> 'id'), (v_old ->> 'id'))::uuid, v_actor,
          (select email from public.profiles where id = v_actor), v_old, v_new, v_changes);
  return null;
end $$;

CREATE FUNCTION private.deal_created_activity() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.record_activity(new.id, new.owner_id, 'deal_create',
    format('Created deal "%s"', new.name), jsonb_build_object('deal_id', new.id));
  return new;
end $$;

CREATE FUNCTION private.file_view_activity() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_file public.files;
  v_path text;
begin
  select * into v_file from public.files where id = new.file_id;
  select full_path into v_path from public.folders where id = v_file.folder_id;
  perform private.record_activity(new.deal_id, new.user_id, 'view',
    format('Viewed "%s"%s', v_file.name,
           case when new.version_number <> v_file.current_version then format(' (version %s)', new.version_number) else '' end),
    jsonb_build_object('file_id', new.file_id, 'path', coalesce(v_path, '/'), 'version', new.version_number));
  return null;
end $$;

CREATE FUNCTION private.record_activity(p_deal_id uuid, p_user_id uuid, p_type text, p_description text, p_metadata jsonb DEFAULT '{}'::jsonb) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  insert into public.activities (deal_id, user_id, activity_type, description, metadata)
  select p_deal_id, p_user_id, p_type, p_description, coalesce(p_metadata, '{}'::jsonb)
  where exists (select 1 from public.deals d where d.id = p_deal_id)
$$;

CREATE FUNCTION private.record_login(p_user_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_recent uuid;
begin
  update public.profiles set last_active_at = now() where id = p_user_id;
  select id into v_recent from public.sign_ins
  where user_id = p_user_id and last_at > now() - interval '1 hour'
  order by last_at desc limit 1 for update;
  if v_recent is null then
    insert into public.sign_ins (user_id) values (p_user_id);
  else
    update public.sign_ins set last_at = now(), times = times + 1 where id = v_recent;
  end if;
end $$;

CREATE FUNCTION private.view_page_from_view() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v public.file_views;
begin
  select * into v from public.file_views where id = new.view_id;
  if not found then
    raise exception 'No such view' using errcode = '23503';
  end if;
  new.deal_id := v.deal_id;
  new.user_id := v.user_id;
  return new;
end $$;

REVOKE ALL ON FUNCTION private.file_view_activity() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.record_activity(p_deal_id uuid, p_user_id uuid, p_type text, p_description text, p_metadata jsonb) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.record_login(p_user_id uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.view_page_from_view() FROM PUBLIC;

-- Triggers

CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON public.audit_logs FOR EACH STATEMENT EXECUTE FUNCTION private.audit_logs_immutable();

CREATE TRIGGER audit_logs_no_update BEFORE DELETE OR UPDATE ON public.audit_logs FOR EACH ROW EXECUTE FUNCTION private.audit_logs_immutable();

CREATE TRIGGER catalog_items_audit AFTER INSERT OR DELETE OR UPDATE ON public.catalog_items FOR EACH ROW EXECUTE FUNCTION private.audit_row('catalog_item');

CREATE TRIGGER checklist_approvals_audit AFTER INSERT ON public.checklist_approvals FOR EACH ROW EXECUTE FUNCTION private.audit_row('checklist_approval');

CREATE TRIGGER checklist_presets_audit AFTER INSERT OR DELETE OR UPDATE ON public.checklist_presets FOR EACH ROW EXECUTE FUNCTION private.audit_row('preset');

CREATE TRIGGER deals_audit AFTER INSERT OR DELETE OR UPDATE ON public.deals FOR EACH ROW EXECUTE FUNCTION private.audit_row('deal');

CREATE TRIGGER deals_created_activity AFTER INSERT ON public.deals FOR EACH ROW EXECUTE FUNCTION private.deal_created_activity();

CREATE TRIGGER a_view_page_from_view BEFORE INSERT ON public.file_view_pages FOR EACH ROW EXECUTE FUNCTION private.view_page_from_view();

CREATE TRIGGER file_views_activity AFTER INSERT ON public.file_views FOR EACH ROW EXECUTE FUNCTION private.file_view_activity();

CREATE TRIGGER file_views_deal BEFORE INSERT ON public.file_views FOR EACH ROW EXECUTE FUNCTION private.child_matches_file_deal();

CREATE TRIGGER file_approvals_audit AFTER INSERT ON public.file_approvals FOR EACH ROW EXECUTE FUNCTION private.audit_row('file_approval');

CREATE TRIGGER permission_sets_audit AFTER INSERT OR DELETE OR UPDATE ON public.permission_sets FOR EACH ROW EXECUTE FUNCTION private.audit_row('permission_set');

CREATE TRIGGER profiles_audit_insert_delete AFTER INSERT OR DELETE ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.audit_row('user');

CREATE TRIGGER profiles_audit_update AFTER UPDATE ON public.profiles FOR EACH ROW WHEN ((old.first_name, old.last_name, old.title, old.email) IS DISTINCT FROM (new.first_name, new.last_name, new.title, new.email)) EXECUTE FUNCTION private.audit_row('user');

-- Row-level security and policies

ALTER TABLE public.activities ENABLE ROW LEVEL SECURITY;

-- An entry about a file shows when the files policy shows the file, probed once per entry (decision 64).
CREATE POLICY activities_select ON public.activities FOR SELECT TO authenticated USING (((deal_id IN ( SELECT private.my_deal_ids() AS my_deal_ids)) AND ((deal_id IN ( SELECT private.people_deal_ids() AS people_deal_ids)) OR (user_id = ( SELECT auth.uid() AS uid))) AND (((metadata ->> 'file_id'::text) IS NULL) OR (EXISTS ( SELECT 1 FROM public.files f WHERE (f.id = ((activities.metadata ->> 'file_id'::text))::uuid) OFFSET 0)) OR ((NOT private.file_exists(((metadata ->> 'file_id'::text))::uuid)) AND private.has_capability(deal_id, 'edit_files'::text))) AND (((metadata ->> 'question_id'::text) IS NULL) OR private.can_see_question(deal_id, ((metadata ->> 'question_id'::text))::uuid))));

ALTER TABLE public.audit_logs ENABLE ROW LEVEL SECURITY;

CREATE POLICY audit_logs_select ON public.audit_logs FOR SELECT TO authenticated USING (( SELECT private.is_super_admin() AS is_super_admin));

ALTER TABLE public.file_views ENABLE ROW LEVEL SECURITY;

CREATE POLICY file_views_insert ON public.file_views FOR INSERT TO authenticated WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND private.can_see_file(file_id)));

CREATE POLICY file_views_select ON public.file_views FOR SELECT TO authenticated USING ((((user_id = ( SELECT auth.uid() AS uid)) AND (deal_id = ANY (( SELECT private.member_deals() AS member_deals)::uuid[]))) OR (deal_id = ANY (( SELECT private.admin_deals() AS admin_deals)::uuid[])) OR ((deal_id = ANY (( SELECT private.deals_with_capability('manage_users'::text) AS deals_with_capability)::uuid[])) AND private.can_see_file(file_id))));

ALTER TABLE public.file_view_pages ENABLE ROW LEVEL SECURITY;

CREATE POLICY file_view_pages_insert ON public.file_view_pages FOR INSERT TO authenticated WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND (EXISTS ( SELECT 1
   FROM public.file_views v
  WHERE ((v.id = file_view_pages.view_id) AND private.can_see_file(v.file_id))))));

CREATE POLICY file_view_pages_select ON public.file_view_pages FOR SELECT TO authenticated USING ((((user_id = ( SELECT auth.uid() AS uid)) AND (deal_id = ANY (( SELECT private.member_deals() AS member_deals)::uuid[]))) OR (deal_id = ANY (( SELECT private.admin_deals() AS admin_deals)::uuid[])) OR ((deal_id = ANY (( SELECT private.deals_with_capability('manage_users'::text) AS deals_with_capability)::uuid[])) AND (EXISTS ( SELECT 1
   FROM public.file_views v
  WHERE ((v.id = file_view_pages.view_id) AND private.can_see_file(v.file_id)))))));

ALTER TABLE public.sign_ins ENABLE ROW LEVEL SECURITY;

CREATE POLICY sign_ins_select ON public.sign_ins FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR (user_id IN ( SELECT private.co_member_ids() AS co_member_ids))));

-- Grants

GRANT SELECT ON TABLE public.activities TO authenticated;

GRANT SELECT ON TABLE public.audit_logs TO authenticated;

GRANT SELECT ON TABLE public.sign_ins TO authenticated;

GRANT SELECT ON TABLE public.file_views TO authenticated;
GRANT INSERT(deal_id, file_id, version_number, user_id) ON TABLE public.file_views TO authenticated;

GRANT SELECT ON TABLE public.file_view_pages TO authenticated;
GRANT INSERT(view_id, page, seconds) ON TABLE public.file_view_pages TO authenticated;
