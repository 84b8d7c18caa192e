-- Deals and their members, and the access helpers the policies of every area call (who shares a deal
-- with the caller, deals where the caller holds a capability, the deal scope of one API call). The
-- profiles policy is here because it calls these helpers.

set check_function_bodies = false;

-- Tables

CREATE TABLE public.deals (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    owner_id uuid,
    checklist_preset text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    archived_at timestamp with time zone,
    require_mfa boolean DEFAULT false NOT NULL,
    watermark_downloads boolean DEFAULT false NOT NULL,
    search_language text DEFAULT 'english'::text NOT NULL,
    CONSTRAINT deals_description_check CHECK ((length(description) <= 5000)),
    CONSTRAINT deals_name_check CHECK (((length(btrim(name)) >= 1) AND (length(btrim(name)) <= 200))),
    CONSTRAINT deals_search_language_check CHECK ((search_language = ANY (ARRAY['english'::text, 'german'::text])))
);

CREATE TABLE public.deal_members (
    deal_id uuid NOT NULL,
    user_id uuid NOT NULL,
    role text NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    company text,
    joined_at timestamp with time zone DEFAULT now() NOT NULL,
    permission_set_id uuid,
    last_active_at timestamp with time zone,
    CONSTRAINT deal_members_company_check CHECK ((length(company) <= 200)),
    CONSTRAINT deal_members_role_check CHECK ((role = ANY (ARRAY['admin'::text, 'contributor'::text, 'viewer'::text, 'member'::text]))),
    CONSTRAINT deal_members_status_check CHECK ((status = ANY (ARRAY['active'::text, 'inactive'::text, 'suspended'::text])))
);

ALTER TABLE ONLY public.deal_members
    ADD CONSTRAINT deal_members_pkey PRIMARY KEY (deal_id, user_id);

ALTER TABLE ONLY public.deals
    ADD CONSTRAINT deals_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.deal_members
    ADD CONSTRAINT deal_members_deal_id_fkey FOREIGN KEY (deal_id) REFERENCES public.deals(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.deal_members
    ADD CONSTRAINT deal_members_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.deals
    ADD CONSTRAINT deals_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES auth.users(id) ON DELETE SET NULL;

-- Indexes

CREATE INDEX deal_members_set_idx ON public.deal_members USING btree (permission_set_id);

CREATE INDEX deal_members_user_idx ON public.deal_members USING btree (user_id, deal_id);

CREATE INDEX deals_owner_idx ON public.deals USING btree (owner_id);

-- Helpers

CREATE FUNCTION private.add_deal_owner() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.deal_members (deal_id, user_id, role) values (new.id, new.owner_id, 'admin');
  return new;
end $$;

CREATE FUNCTION private.admin_deals() RETURNS uuid[]
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
begin
  return (select coalesce(array_agg(m.deal_id), '{}') from public.deal_members m
          where m.user_id = auth.uid() and m.status = 'active' and m.role = 'admin'
            and private.passes_deal_mfa(m.deal_id));
end $$;

CREATE FUNCTION private.co_member_ids() RETURNS SETOF uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
begin
  return query
    select distinct theirs.user_id
    from (select m.deal_id, m.user_id, 'view' = any (private.member_capabilities(m.deal_id, m.user_id)) as sees_all
          from public.deal_members m
          where m.user_id = (select auth.uid()) and m.status = 'active' and private.passes_deal_mfa(m.deal_id)
          offset 0) mine
    join public.deal_members theirs on theirs.deal_id = mine.deal_id
    where theirs.user_id = mine.user_id
       or (theirs.role = 'admin' and theirs.status = 'active')
       or mine.sees_all;
end $$;

CREATE FUNCTION private.deal_admin_changed() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_email text;
  v_granted boolean := new.role = 'admin';
begin
  select p.email into v_email from public.profiles p where p.id = new.user_id;
  perform private.record_activity(new.deal_id, auth.uid(), 'role_change',
    case when v_granted then format('Made %s an admin', v_email) else format('Revoked admin from %s', v_email) end,
    jsonb_build_object('user_id', new.user_id, 'role', new.role));
  perform private.audit(case when v_granted then 'deal_admin_granted' else 'deal_admin_revoked' end, 'deal', new.deal_id,
    jsonb_build_object('role', jsonb_build_object('old', old.role, 'new', new.role)),
    jsonb_build_object('user_id', new.user_id, 'email', v_email,
                       'deal_name', (select d.name from public.deals d where d.id = new.deal_id)));
  return null;
end $$;

CREATE FUNCTION private.deal_scope(p_deal_id uuid) RETURNS TABLE(id uuid, name text, description text, owner_id uuid, checklist_preset text, created_at timestamp with time zone, updated_at timestamp with time zone, archived_at timestamp with time zone, require_mfa boolean, watermark_downloads boolean, user_role text, is_owner boolean, permission_set text, capabilities text[], search_language text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    return;
  end if;
  return query
    select d.id, d.name, d.description, d.owner_id, d.checklist_preset, d.created_at, d.updated_at, d.archived_at,
           d.require_mfa, d.watermark_downloads, private.display_role(d.id, v_uid), (d.owner_id = v_uid),
           case when m.role = 'admin' then 'admin'
                else coalesce((select ps.name from public.permission_sets ps where ps.id = m.permission_set_id),
                              case m.role when 'contributor' then 'edit' else 'upload_view' end) end,
           case when d.archived_at is null then private.member_capabilities(d.id, v_uid)
                else array(select cap from unnest(private.member_capabilities(d.id, v_uid)) cap
                           where cap in ('view', 'download')) end,
           d.search_language
    from public.deals d
    join public.deal_members m on m.deal_id = d.id and m.user_id = v_uid and m.status = 'active'
    where d.id = p_deal_id and private.passes_deal_mfa(d.id);
end $$;

CREATE FUNCTION private.deals_with_capability(p_capability text) RETURNS uuid[]
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
begin
  return (select coalesce(array_agg(m.deal_id), '{}') from public.deal_members m
          where m.user_id = auth.uid() and m.status = 'active' and private.passes_deal_mfa(m.deal_id)
            and p_capability = any (private.member_capabilities(m.deal_id, m.user_id)));
end $$;

CREATE FUNCTION private.guard_deal_update() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  -- The owner never changes, except to nobody when their account is deleted.
  if new.owner_id is distinct from old.owner_id
     and not (new.owner_id is null and not private.account_exists(old.owner_id)) then
    raise exception 'The deal owner cannot be changed' using errcode = '42501';
  end if;
  if old.archived_at is not null and new.archived_at is null then
    raise exception 'An archived deal cannot be restored' using errcode = '42501';
  end if;
  new.updated_at := now();
  return new;
end $$;

CREATE FUNCTION private.has_capability(p_deal_id uuid, p_capability text) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
begin
  return p_capability = any (private.member_capabilities(p_deal_id, auth.uid()));
end $$;

CREATE FUNCTION private.is_deal_admin(p_deal_id uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
begin
  return exists (select 1 from public.deal_members m
                 where m.deal_id = p_deal_id and m.user_id = auth.uid() and m.status = 'active' and m.role = 'admin')
     and private.passes_deal_mfa(p_deal_id);
end $$;

CREATE FUNCTION private.is_deal_member(p_deal_id uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
begin
  return exists (select 1 from public.deal_members m
                 where m.deal_id = p_deal_id and m.user_id = auth.uid() and m.status = 'active')
     and private.passes_deal_mfa(p_deal_id);
end $$;

CREATE FUNCTION private.keep_a_deal_admin() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- A deleted deal or account takes its memberships along (account deletion: only from archived deals).
  if tg_op = 'DELETE' and (not exists (select 1 from public.deals d where d.id = old.deal_id)
                           or not exists (select 1 from auth.users u where u.id = old.user_id)) then
    return null;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('deal_admins:' || old.deal_id::text, 0));
  if not exists (select 1 from public.deal_members m
                 where m.deal_id = old.deal_id and m.role = 'admin' and m.status = 'active') then
    raise exception 'A deal keeps at least one admin' using errcode = '55000';
  end if;
  return null;
end $$;

CREATE FUNCTION private.member_deals() RETURNS uuid[]
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
begin
  return (select coalesce(array_agg(m.deal_id), '{}') from public.deal_members m
          where m.user_id = auth.uid() and m.status = 'active' and private.passes_deal_mfa(m.deal_id));
end $$;

CREATE FUNCTION private.my_deal_ids() RETURNS SETOF uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
begin
  return query select m.deal_id from public.deal_members m
    where m.user_id = auth.uid() and m.status = 'active' and private.passes_deal_mfa(m.deal_id);
end $$;

CREATE FUNCTION private.refuse_archived_deal() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_deal uuid;
begin
  if auth.uid() is null or private.account_deletion_cleanup() then
    return coalesce(new, old);
  end if;
  v_deal := case when tg_op = 'DELETE' then old.deal_id else new.deal_id end;
  if v_deal is not null and exists (select 1 from public.deals d where d.id = v_deal and d.archived_at is not null) then
    raise exception 'This deal is archived' using errcode = '55000',
      hint = 'Archived deals are read-only: their files can still be read and downloaded.';
  end if;
  return coalesce(new, old);
end $$;

CREATE FUNCTION private.refuse_archived_deal_edit() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- Restoring is refused by deals_guard ('An archived deal cannot be restored'), for every role.
  if auth.uid() is not null and old.archived_at is not null
     and (tg_op = 'DELETE' or new.archived_at is not null) and not private.account_deletion_cleanup() then
    raise exception 'This deal is archived' using errcode = '55000';
  end if;
  return coalesce(new, old);
end $$;

CREATE FUNCTION private.role_capabilities(p_role text) RETURNS text[]
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  return case p_role
    when 'admin' then array['view','download','comment','approve','upload','edit_files','edit_folders','edit_checklist','manage_users',
                            'ask_questions','answer_questions','approve_answers']
    when 'contributor' then array['view','download','comment','approve','upload','edit_files','edit_folders','edit_checklist']
    when 'viewer' then array['view','download','comment','upload']
    else array[]::text[]
  end;
end $$;

GRANT ALL ON FUNCTION private.co_member_ids() TO authenticated;
GRANT ALL ON FUNCTION private.co_member_ids() TO service_role;

REVOKE ALL ON FUNCTION private.deal_admin_changed() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.deal_scope(p_deal_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.deal_scope(p_deal_id uuid) TO authenticated;

GRANT ALL ON FUNCTION private.has_capability(p_deal_id uuid, p_capability text) TO authenticated;
GRANT ALL ON FUNCTION private.has_capability(p_deal_id uuid, p_capability text) TO service_role;

GRANT ALL ON FUNCTION private.is_deal_admin(p_deal_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.is_deal_admin(p_deal_id uuid) TO service_role;

GRANT ALL ON FUNCTION private.is_deal_member(p_deal_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.is_deal_member(p_deal_id uuid) TO service_role;

REVOKE ALL ON FUNCTION private.keep_a_deal_admin() FROM PUBLIC;

GRANT ALL ON FUNCTION private.my_deal_ids() TO authenticated;
GRANT ALL ON FUNCTION private.my_deal_ids() TO service_role;

GRANT ALL ON FUNCTION private.role_capabilities(p_role text) TO authenticated;
GRANT ALL ON FUNCTION private.role_capabilities(p_role text) TO service_role;

-- Triggers

CREATE TRIGGER a_archived_read_only BEFORE INSERT OR DELETE OR UPDATE ON public.deal_members FOR EACH ROW EXECUTE FUNCTION private.refuse_archived_deal();

CREATE TRIGGER a_archived_read_only BEFORE DELETE OR UPDATE ON public.deals FOR EACH ROW EXECUTE FUNCTION private.refuse_archived_deal_edit();

CREATE TRIGGER aa_clean_texts BEFORE INSERT OR UPDATE OF company ON public.deal_members FOR EACH ROW EXECUTE FUNCTION private.clean_texts('company:company:line');

CREATE TRIGGER aa_clean_texts BEFORE INSERT OR UPDATE OF name, description ON public.deals FOR EACH ROW EXECUTE FUNCTION private.clean_texts('name:deal name:line', 'description:deal description:multi');

CREATE TRIGGER deal_members_admin_changed AFTER UPDATE OF role ON public.deal_members FOR EACH ROW WHEN (((old.role = 'admin'::text) IS DISTINCT FROM (new.role = 'admin'::text))) EXECUTE FUNCTION private.deal_admin_changed();

CREATE TRIGGER deal_members_keep_admin_delete AFTER DELETE ON public.deal_members FOR EACH ROW WHEN (((old.role = 'admin'::text) AND (old.status = 'active'::text))) EXECUTE FUNCTION private.keep_a_deal_admin();

CREATE TRIGGER deal_members_keep_admin_update AFTER UPDATE OF role, status ON public.deal_members FOR EACH ROW WHEN (((old.role = 'admin'::text) AND (old.status = 'active'::text) AND ((new.role <> 'admin'::text) OR (new.status <> 'active'::text)))) EXECUTE FUNCTION private.keep_a_deal_admin();

CREATE TRIGGER deals_add_owner AFTER INSERT ON public.deals FOR EACH ROW EXECUTE FUNCTION private.add_deal_owner();

CREATE TRIGGER deals_guard_update BEFORE UPDATE ON public.deals FOR EACH ROW EXECUTE FUNCTION private.guard_deal_update();

-- Row-level security and policies

ALTER TABLE public.deal_members ENABLE ROW LEVEL SECURITY;

CREATE POLICY deal_members_delete ON public.deal_members FOR DELETE TO authenticated USING ((private.has_capability(deal_id, 'manage_users'::text) AND (user_id <> ( SELECT d.owner_id
   FROM public.deals d
  WHERE (d.id = deal_members.deal_id)))));

CREATE POLICY deal_members_insert ON public.deal_members FOR INSERT TO authenticated WITH CHECK (private.has_capability(deal_id, 'manage_users'::text));

CREATE POLICY deal_members_update ON public.deal_members FOR UPDATE TO authenticated USING ((private.has_capability(deal_id, 'manage_users'::text) AND (user_id <> ( SELECT d.owner_id
   FROM public.deals d
  WHERE (d.id = deal_members.deal_id))))) WITH CHECK ((private.has_capability(deal_id, 'manage_users'::text) AND (user_id <> ( SELECT d.owner_id
   FROM public.deals d
  WHERE (d.id = deal_members.deal_id)))));

ALTER TABLE public.deals ENABLE ROW LEVEL SECURITY;

CREATE POLICY deals_select ON public.deals FOR SELECT TO authenticated USING (((owner_id = ( SELECT auth.uid() AS uid)) OR private.is_deal_member(id)));

CREATE POLICY deals_update ON public.deals FOR UPDATE TO authenticated USING ((private.is_deal_admin(id) AND (archived_at IS NULL))) WITH CHECK (private.is_deal_admin(id));

CREATE POLICY profiles_select ON public.profiles FOR SELECT TO authenticated USING (((id = ( SELECT auth.uid() AS uid)) OR (id IN ( SELECT private.co_member_ids() AS co_member_ids)) OR ( SELECT private.is_super_admin() AS is_super_admin)));

-- Grants

GRANT SELECT,INSERT,DELETE ON TABLE public.deal_members TO authenticated;

GRANT UPDATE(role) ON TABLE public.deal_members TO authenticated;

GRANT UPDATE(status) ON TABLE public.deal_members TO authenticated;

GRANT UPDATE(company) ON TABLE public.deal_members TO authenticated;

GRANT UPDATE(permission_set_id) ON TABLE public.deal_members TO authenticated;

GRANT UPDATE(last_active_at) ON TABLE public.deal_members TO authenticated;

GRANT SELECT ON TABLE public.deals TO authenticated;

GRANT INSERT(id) ON TABLE public.deals TO authenticated;

GRANT INSERT(name),UPDATE(name) ON TABLE public.deals TO authenticated;

GRANT INSERT(description),UPDATE(description) ON TABLE public.deals TO authenticated;

GRANT INSERT(owner_id) ON TABLE public.deals TO authenticated;

GRANT INSERT(checklist_preset) ON TABLE public.deals TO authenticated;

GRANT UPDATE(archived_at) ON TABLE public.deals TO authenticated;

GRANT UPDATE(require_mfa) ON TABLE public.deals TO authenticated;

GRANT UPDATE(watermark_downloads) ON TABLE public.deals TO authenticated;
GRANT UPDATE(search_language) ON TABLE public.deals TO authenticated;
