-- People of a deal: groups, tags, permission sets and invitations, with the helpers that resolve a
-- member's groups, tags and capabilities and the guards that keep denies and rights holding.

set check_function_bodies = false;

-- Functions the tables' constraints and defaults call

CREATE FUNCTION private.capabilities_valid(p_caps text[]) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select p_caps <@ private.all_capabilities()
     and ('view' = any (p_caps) or not (p_caps && array['download','comment','approve','edit_files','edit_folders','edit_checklist','manage_users',
                                                        'ask_questions','answer_questions','approve_answers']))
     and ('answer_questions' = any (p_caps) or not ('approve_answers' = any (p_caps)))
$$;

-- Tables

CREATE TABLE public.permission_sets (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    deal_id uuid,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    capabilities text[] DEFAULT '{}'::text[] NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT permission_sets_capabilities_valid CHECK (private.capabilities_valid(capabilities)),
    CONSTRAINT permission_sets_description_check CHECK ((length(description) <= 1000)),
    CONSTRAINT permission_sets_name_check CHECK (((length(btrim(name)) >= 1) AND (length(btrim(name)) <= 100)))
);

CREATE TABLE public.deal_group_members (
    group_id uuid NOT NULL,
    deal_id uuid NOT NULL,
    user_id uuid NOT NULL
);

CREATE TABLE public.deal_groups (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    deal_id uuid NOT NULL,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    permission_set_id uuid,
    color text DEFAULT '#6366F1'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT deal_groups_color_check CHECK ((color ~ '^#[0-9A-Fa-f]{6}$'::text)),
    CONSTRAINT deal_groups_description_check CHECK ((length(description) <= 1000)),
    CONSTRAINT deal_groups_name_check CHECK (((length(btrim(name)) >= 1) AND (length(btrim(name)) <= 100)))
);

CREATE TABLE public.deal_member_tags (
    tag_id uuid NOT NULL,
    deal_id uuid NOT NULL,
    user_id uuid NOT NULL
);

CREATE TABLE public.deal_tags (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    deal_id uuid NOT NULL,
    name text NOT NULL,
    color text DEFAULT '#10B981'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT deal_tags_color_check CHECK ((color ~ '^#[0-9A-Fa-f]{6}$'::text)),
    CONSTRAINT deal_tags_name_check CHECK (((length(btrim(name)) >= 1) AND (length(btrim(name)) <= 100)))
);

CREATE TABLE public.invitations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    deal_id uuid NOT NULL,
    email text NOT NULL,
    permission_set_id uuid NOT NULL,
    group_ids uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    tag_ids uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    company text,
    status text DEFAULT 'pending'::text NOT NULL,
    invited_by uuid,
    invited_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone DEFAULT (now() + '7 days'::interval) NOT NULL,
    responded_at timestamp with time zone,
    token_hash text,
    CONSTRAINT invitations_company_check CHECK ((length(company) <= 200)),
    CONSTRAINT invitations_email_check CHECK (((email = lower(btrim(email))) AND (email ~~ '%_@_%'::text) AND (length(email) <= 254))),
    CONSTRAINT invitations_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'accepted'::text, 'declined'::text]))),
    CONSTRAINT invitations_token_hash_check CHECK ((token_hash ~ '^[0-9a-f]{64}$'::text))
);

ALTER TABLE ONLY public.deal_group_members
    ADD CONSTRAINT deal_group_members_pkey PRIMARY KEY (group_id, user_id);

ALTER TABLE ONLY public.deal_groups
    ADD CONSTRAINT deal_groups_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.deal_member_tags
    ADD CONSTRAINT deal_member_tags_pkey PRIMARY KEY (tag_id, user_id);

ALTER TABLE ONLY public.deal_tags
    ADD CONSTRAINT deal_tags_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.permission_sets
    ADD CONSTRAINT permission_sets_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.deal_group_members
    ADD CONSTRAINT deal_group_members_deal_id_user_id_fkey FOREIGN KEY (deal_id, user_id) REFERENCES public.deal_members(deal_id, user_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.deal_group_members
    ADD CONSTRAINT deal_group_members_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.deal_groups(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.deal_groups
    ADD CONSTRAINT deal_groups_deal_id_fkey FOREIGN KEY (deal_id) REFERENCES public.deals(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.deal_groups
    ADD CONSTRAINT deal_groups_permission_set_id_fkey FOREIGN KEY (permission_set_id) REFERENCES public.permission_sets(id) ON DELETE RESTRICT;

ALTER TABLE ONLY public.deal_member_tags
    ADD CONSTRAINT deal_member_tags_deal_id_user_id_fkey FOREIGN KEY (deal_id, user_id) REFERENCES public.deal_members(deal_id, user_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.deal_member_tags
    ADD CONSTRAINT deal_member_tags_tag_id_fkey FOREIGN KEY (tag_id) REFERENCES public.deal_tags(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.deal_members
    ADD CONSTRAINT deal_members_permission_set_id_fkey FOREIGN KEY (permission_set_id) REFERENCES public.permission_sets(id) ON DELETE RESTRICT;

ALTER TABLE ONLY public.deal_tags
    ADD CONSTRAINT deal_tags_deal_id_fkey FOREIGN KEY (deal_id) REFERENCES public.deals(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_deal_id_fkey FOREIGN KEY (deal_id) REFERENCES public.deals(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_invited_by_fkey FOREIGN KEY (invited_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.invitations
    ADD CONSTRAINT invitations_permission_set_id_fkey FOREIGN KEY (permission_set_id) REFERENCES public.permission_sets(id) ON DELETE RESTRICT;

ALTER TABLE ONLY public.permission_sets
    ADD CONSTRAINT permission_sets_deal_id_fkey FOREIGN KEY (deal_id) REFERENCES public.deals(id) ON DELETE CASCADE;

-- Indexes

CREATE INDEX deal_group_members_user_idx ON public.deal_group_members USING btree (deal_id, user_id);

CREATE UNIQUE INDEX deal_groups_name ON public.deal_groups USING btree (deal_id, lower(name));

CREATE INDEX deal_member_tags_user_idx ON public.deal_member_tags USING btree (deal_id, user_id);

CREATE UNIQUE INDEX deal_tags_name ON public.deal_tags USING btree (deal_id, lower(name));

CREATE INDEX invitations_email_idx ON public.invitations USING btree (email) WHERE (status = 'pending'::text);

CREATE UNIQUE INDEX invitations_one_pending ON public.invitations USING btree (deal_id, email) WHERE (status = 'pending'::text);

CREATE UNIQUE INDEX permission_sets_deal_name ON public.permission_sets USING btree (deal_id, lower(name)) WHERE (deal_id IS NOT NULL);

CREATE UNIQUE INDEX permission_sets_system_name ON public.permission_sets USING btree (lower(name)) WHERE (deal_id IS NULL);

-- Helpers

CREATE FUNCTION private.all_capabilities() RETURNS text[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select array['view','download','comment','approve','upload','edit_files','edit_folders','edit_checklist','manage_users',
               'ask_questions','answer_questions','approve_answers']
$$;

CREATE FUNCTION private.can_grant(p_deal_id uuid, p_caps text[]) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select (select auth.uid()) is null or private.is_deal_admin(p_deal_id)
      or coalesce(p_caps, '{}') <@ private.member_capabilities(p_deal_id, (select auth.uid()))
$$;

CREATE FUNCTION private.deny_names_existing() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_had_groups uuid[];
  v_had_tags uuid[];
  v_groups uuid[];
  v_tags uuid[];
  v_found int;
begin
  -- The row already there: OLD, or for an upsert's insert (which fires before its conflict) the stored one.
  if tg_op = 'UPDATE' then
    v_had_groups := old.denied_groups;
    v_had_tags := old.denied_tags;
  else
    select p.denied_groups, p.denied_tags into v_had_groups, v_had_tags
      from public.file_permissions p where p.file_id = new.file_id;
  end if;
  v_groups := array(select distinct g from unnest(new.denied_groups) g where not g = any (coalesce(v_had_groups, '{}')));
  v_tags := array(select distinct t from unnest(new.denied_tags) t where not t = any (coalesce(v_had_tags, '{}')));
  if cardinality(v_groups) > 0 then
    perform 1 from public.deal_groups g where g.id = any (v_groups) and g.deal_id = new.deal_id for key share;
    get diagnostics v_found = row_count;
    if v_found <> cardinality(v_groups) then
      raise exception 'A denied group does not exist in this deal' using errcode = 'P0001';
    end if;
  end if;
  if cardinality(v_tags) > 0 then
    perform 1 from public.deal_tags t where t.id = any (v_tags) and t.deal_id = new.deal_id for key share;
    get diagnostics v_found = row_count;
    if v_found <> cardinality(v_tags) then
      raise exception 'A denied tag does not exist in this deal' using errcode = 'P0001';
    end if;
  end if;
  return new;
end $$;

CREATE FUNCTION private.display_role(p_deal_id uuid, p_user_id uuid) RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
declare
  v_role text;
begin
  select m.role into v_role from public.deal_members m where m.deal_id = p_deal_id and m.user_id = p_user_id;
  if not found or not (auth.uid() is null or p_user_id = auth.uid() or private.is_deal_member(p_deal_id)) then
    return null;
  end if;
  return case when v_role <> 'member' then v_role
              when 'edit_files' = any (private.member_capabilities(p_deal_id, p_user_id)) then 'contributor'
              else 'viewer' end;
end $$;

CREATE FUNCTION private.email_confirmed(p_user_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select case when auth.uid() is null or auth.uid() = p_user_id
    then exists (select 1 from auth.users u where u.id = p_user_id and u.email_confirmed_at is not null) end
$$;

CREATE FUNCTION private.group_matches_deal() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.permission_set_id is not null and not exists (
    select 1 from public.permission_sets ps where ps.id = new.permission_set_id
      and (ps.deal_id is null or ps.deal_id = new.deal_id)) then
    raise exception 'That permission set does not belong to this deal' using errcode = 'P0001';
  end if;
  if not private.can_grant(new.deal_id, private.set_capabilities(new.permission_set_id)) then
    raise exception 'You can only give others rights you hold yourself' using errcode = '42501';
  end if;
  return new;
end $$;

CREATE FUNCTION private.guard_group_link() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if auth.uid() is null or pg_trigger_depth() > 1 then
    return coalesce(new, old);
  end if;
  if tg_op in ('UPDATE', 'DELETE') and old.user_id <> auth.uid()
     and not private.can_grant(old.deal_id, private.member_capabilities(old.deal_id, old.user_id)) then
    raise exception 'You can only change members whose rights you hold yourself' using errcode = '42501';
  end if;
  if tg_op in ('INSERT', 'UPDATE') and not private.can_grant(new.deal_id, private.set_capabilities(
       (select g.permission_set_id from public.deal_groups g where g.id = new.group_id))) then
    raise exception 'You can only give others rights you hold yourself' using errcode = '42501';
  end if;
  return coalesce(new, old);
end $$;

CREATE FUNCTION private.guard_group_rights() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_verb text := case tg_op when 'DELETE' then 'delete this group' else 'change this group''s permission set' end;
  v_missing text[];
begin
  if auth.uid() is null or (tg_op = 'UPDATE' and new.permission_set_id is not distinct from old.permission_set_id)
     or not exists (select 1 from public.deals d where d.id = old.deal_id) or private.is_deal_admin(old.deal_id) then
    return coalesce(new, old);
  end if;
  v_missing := array(select unnest(private.set_capabilities(old.permission_set_id))
                     except select unnest(private.member_capabilities(old.deal_id, auth.uid())) order by 1);
  if cardinality(v_missing) > 0 then
    raise exception 'You cannot %: its permission set grants %, which you do not hold', v_verb, array_to_string(v_missing, ', ')
      using errcode = '42501';
  end if;
  return coalesce(new, old);
end $$;

CREATE FUNCTION private.guard_member_write() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_owner uuid;
begin
  -- Privileged paths: no JWT (service), or another trigger (the owner's membership on deal creation).
  if auth.uid() is null or pg_trigger_depth() > 1 then
    return coalesce(new, old);
  end if;
  select owner_id into v_owner from public.deals where id = coalesce(new.deal_id, old.deal_id);
  if coalesce(new.user_id, old.user_id) = v_owner then
    raise exception 'The deal owner cannot be edited or removed' using errcode = '42501';
  end if;
  if tg_op <> 'INSERT' and old.role = 'admin' and not private.is_deal_admin(old.deal_id) then
    raise exception 'Only deal admins can change or remove another admin' using errcode = '42501';
  end if;
  if tg_op <> 'DELETE' and new.role = 'admin' and (tg_op = 'INSERT' or old.role <> 'admin') and not private.is_deal_admin(new.deal_id) then
    raise exception 'Only deal admins can make someone an admin' using errcode = '42501';
  end if;
  if tg_op <> 'DELETE' then
    if (tg_op = 'INSERT' or new.permission_set_id is distinct from old.permission_set_id or new.role is distinct from old.role
        or (new.status = 'active' and old.status <> 'active'))
       and not private.can_grant(new.deal_id, private.set_capabilities(new.permission_set_id) || private.role_capabilities(new.role)) then
      raise exception 'You can only give others rights you hold yourself' using errcode = '42501';
    end if;
    if new.permission_set_id is not null and not exists (
      select 1 from public.permission_sets ps where ps.id = new.permission_set_id
        and (ps.deal_id is null or ps.deal_id = new.deal_id)) then
      raise exception 'That permission set does not belong to this deal' using errcode = 'P0001';
    end if;
  end if;
  -- Suspending, re-ranking or removing someone (not editing their company) needs rights covering theirs.
  if (tg_op = 'DELETE' or (tg_op = 'UPDATE' and (new.status, new.role, new.permission_set_id)
                                                 is distinct from (old.status, old.role, old.permission_set_id)))
     and old.user_id <> auth.uid()
     and not private.can_grant(old.deal_id, private.member_capabilities(old.deal_id, old.user_id)) then
    raise exception 'You can only change members whose rights you hold yourself' using errcode = '42501';
  end if;
  return coalesce(new, old);
end $$;

CREATE FUNCTION private.guard_set_rights() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_missing text[];
begin
  if auth.uid() is null or old.deal_id is null or new.capabilities is not distinct from old.capabilities
     or private.is_deal_admin(old.deal_id) then
    return new;
  end if;
  v_missing := array(select unnest(old.capabilities)
                     except select unnest(private.member_capabilities(old.deal_id, auth.uid())) order by 1);
  if cardinality(v_missing) > 0 then
    raise exception 'You cannot change this permission set: it grants %, which you do not hold', array_to_string(v_missing, ', ')
      using errcode = '42501';
  end if;
  return new;
end $$;

CREATE FUNCTION private.invitation_check() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- An answer, a resend or a company change hands out nothing new.
  if tg_op = 'UPDATE' and (new.deal_id, new.email, new.permission_set_id, new.group_ids)
                          is not distinct from (old.deal_id, old.email, old.permission_set_id, old.group_ids) then
    return new;
  end if;
  if not exists (select 1 from public.permission_sets ps where ps.id = new.permission_set_id
                 and (ps.deal_id is null or ps.deal_id = new.deal_id)) then
    raise exception 'That permission set does not belong to this deal' using errcode = 'P0001';
  end if;
  if not private.can_grant(new.deal_id, private.set_capabilities(new.permission_set_id) || coalesce(
       (select array_agg(c) from public.deal_groups g, unnest(private.set_capabilities(g.permission_set_id)) c
        where g.id = any (new.group_ids) and g.deal_id = new.deal_id), '{}')) then
    raise exception 'You can only give others rights you hold yourself' using errcode = '42501';
  end if;
  return new;
end $$;

CREATE FUNCTION private.link_matches_deal() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_table_name = 'deal_group_members' then
    if not exists (select 1 from public.deal_groups g where g.id = new.group_id and g.deal_id = new.deal_id) then
      raise exception 'The group belongs to another deal' using errcode = 'P0001';
    end if;
    if not private.can_grant(new.deal_id, (select private.set_capabilities(g.permission_set_id) from public.deal_groups g where g.id = new.group_id)) then
      raise exception 'You can only give others rights you hold yourself' using errcode = '42501';
    end if;
  elsif not exists (select 1 from public.deal_tags t where t.id = new.tag_id and t.deal_id = new.deal_id) then
    raise exception 'The tag belongs to another deal' using errcode = 'P0001';
  end if;
  return new;
end $$;

CREATE FUNCTION private.member_capabilities(p_deal_id uuid, p_user_id uuid) RETURNS text[]
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
declare
  v_uid uuid := auth.uid();
  v_role text;
  v_set uuid;
  v_caps text[];
begin
  if v_uid is not null and not (
       private.passes_deal_mfa(p_deal_id)
       and (p_user_id = v_uid
            or exists (select 1 from public.deal_members me
                       where me.deal_id = p_deal_id and me.user_id = v_uid and me.status = 'active'))) then
    return '{}';
  end if;
  select m.role, m.permission_set_id into v_role, v_set from public.deal_members m
  where m.deal_id = p_deal_id and m.user_id = p_user_id and m.status = 'active';
  if not found then
    return '{}';
  end if;
  select coalesce(array_agg(distinct c order by c), '{}') into v_caps from (
    select unnest(private.role_capabilities(v_role)) as c
    union all
    select unnest(ps.capabilities) from public.permission_sets ps where ps.id = v_set
    union all
    select unnest(ps.capabilities)
      from public.deal_group_members gm
      join public.deal_groups g on g.id = gm.group_id
      join public.permission_sets ps on ps.id = g.permission_set_id
      where gm.deal_id = p_deal_id and gm.user_id = p_user_id
  ) caps;
  return v_caps;
end $$;

CREATE FUNCTION private.my_all_group_ids() RETURNS uuid[]
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
begin
  return (select coalesce(array_agg(gm.group_id), '{}') from public.deal_group_members gm
          join public.deal_members m on m.deal_id = gm.deal_id and m.user_id = gm.user_id and m.status = 'active'
          where gm.user_id = auth.uid() and private.passes_deal_mfa(gm.deal_id));
end $$;

CREATE FUNCTION private.my_all_tag_ids() RETURNS uuid[]
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
begin
  return (select coalesce(array_agg(mt.tag_id), '{}') from public.deal_member_tags mt
          join public.deal_members m on m.deal_id = mt.deal_id and m.user_id = mt.user_id and m.status = 'active'
          where mt.user_id = auth.uid() and private.passes_deal_mfa(mt.deal_id));
end $$;

CREATE FUNCTION private.my_group_ids(p_deal_id uuid) RETURNS uuid[]
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
begin
  return (select coalesce(array_agg(gm.group_id), '{}') from public.deal_group_members gm
          where gm.deal_id = p_deal_id and gm.user_id = (select auth.uid()));
end $$;

CREATE FUNCTION private.my_invitations() RETURNS TABLE(invitation_id uuid, deal_id uuid, deal_name text, deal_description text, invited_by_name text, invited_by text, invited_at timestamp with time zone, expires_at timestamp with time zone, is_expired boolean, permission_set_name text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select i.id, i.deal_id, d.name, d.description, nullif(btrim(p.first_name || ' ' || p.last_name), ''), p.email,
         i.invited_at, i.expires_at, i.expires_at < now(), ps.name
  from public.invitations i
  join public.deals d on d.id = i.deal_id
  left join public.profiles p on p.id = i.invited_by
  left join public.permission_sets ps on ps.id = i.permission_set_id
  where i.status = 'pending' and i.email = (select private.verified_email()) and d.archived_at is null
  order by i.invited_at desc
$$;

CREATE FUNCTION private.my_tag_ids(p_deal_id uuid) RETURNS uuid[]
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
begin
  return (select coalesce(array_agg(mt.tag_id), '{}') from public.deal_member_tags mt
          where mt.deal_id = p_deal_id and mt.user_id = (select auth.uid()));
end $$;

CREATE FUNCTION private.people_deal_ids() RETURNS SETOF uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
begin
  return query select m.deal_id from public.deal_members m
    where m.user_id = auth.uid() and m.status = 'active' and private.passes_deal_mfa(m.deal_id)
      and 'view' = any (private.member_capabilities(m.deal_id, m.user_id));
end $$;

CREATE FUNCTION private.permission_sets_check() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.capabilities := array(select distinct c from unnest(new.capabilities) c order by 1);
  if not new.capabilities <@ private.all_capabilities() then
    raise exception 'Unknown capability in %', new.capabilities using errcode = 'P0001';
  end if;
  if not private.capabilities_valid(new.capabilities) then
    raise exception '%', case when 'view' = any (new.capabilities) or not new.capabilities && array['download','comment','approve','edit_files','edit_folders','edit_checklist','manage_users','ask_questions','answer_questions','approve_answers']
                              then 'A permission set that grants approve_answers must also grant answer_questions'
                              else 'A permission set that grants download, comment, approve, edit_files, edit_folders, edit_checklist, manage_users, ask_questions, answer_questions or approve_answers must also grant view' end
      using errcode = 'P0001';
  end if;
  if new.deal_id is not null then
    if not private.can_grant(new.deal_id, new.capabilities) then
      raise exception 'You can only give others rights you hold yourself' using errcode = '42501';
    end if;
  end if;
  new.updated_at := now();
  return new;
end $$;

CREATE FUNCTION private.refuse_deleting_denied() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_what text := case tg_table_name when 'deal_tags' then 'tag' else 'group' end;
  v_files uuid[];
  v_total int;
  v_names text[];
  v_list text;
begin
  if tg_op = 'UPDATE' then
    if new.id is distinct from old.id or new.deal_id is distinct from old.deal_id then
      raise exception 'A % cannot change its id or move to another deal', v_what using errcode = 'P0001';
    end if;
    return new;
  end if;
  -- The deal itself is being deleted (this row goes in its cascade): its files and permissions go too.
  if not exists (select 1 from public.deals d where d.id = old.deal_id) then
    return old;
  end if;
  if v_what = 'tag' then
    v_files := array(select p.file_id from public.file_permissions p where p.denied_tags @> array[old.id]);
  else
    v_files := array(select p.file_id from public.file_permissions p where p.denied_groups @> array[old.id]);
  end if;
  v_total := cardinality(v_files);
  if v_total > 0 then
    -- Names in order, asking can_see_file only until three are found ("offset 0" keeps that filter out of the sort).
    v_names := array(select s.name from (select f.id, f.name from public.files f where f.id = any (v_files)
                                          order by lower(f.name), f.id offset 0) s
                     where auth.uid() is null or private.can_see_file(s.id) limit 3);
    v_list := coalesce(array_to_string(v_names, ', '), '');
    if v_list <> '' and v_total > cardinality(v_names) then
      v_list := v_list || format(' and %s more', v_total - cardinality(v_names));
    end if;
    -- 55000 is answered 409 with this message (errors.ts).
    raise exception '%', format('This %s is used to deny access on %s %s%s. Remove it from %s permissions first.',
        v_what, v_total, case when v_total = 1 then 'file' else 'files' end,
        case when v_list = '' then '' else ': ' || v_list end,
        case when v_total = 1 then 'that file''s' else 'those files''' end)
      using errcode = '55000';
  end if;
  return old;
end $$;

CREATE FUNCTION private.respond_to_invitation(p_invitation_id uuid, p_accept boolean, p_token text DEFAULT NULL::text) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_claims text := coalesce(current_setting('request.jwt.claims', true), '');
  v_inv public.invitations;
  v_uid uuid := auth.uid();
  v_email text := private.verified_email();
begin
  if v_uid is not null and v_email is null then
    raise exception 'Confirm your email address first: open the confirmation link we sent you, then answer the invitation.'
      using errcode = 'P0001';
  end if;
  select * into v_inv from public.invitations where id = p_invitation_id for update;
  if v_inv.id is null or v_uid is null or v_inv.email <> v_email then
    raise exception 'Invitation not found' using errcode = 'P0002';
  end if;
  if p_token is not null and (v_inv.token_hash is null
      or v_inv.token_hash <> encode(extensions.digest(convert_to(p_token, 'UTF8'), 'sha256'), 'hex')) then
    raise exception 'This invitation link is not valid. Open the link from the latest invitation e-mail.' using errcode = 'P0001';
  end if;
  if v_inv.status <> 'pending' then
    raise exception 'This invitation has already been answered' using errcode = 'P0001';
  end if;
  if v_inv.expires_at < now() then
    raise exception 'This invitation has expired. Ask for a new one.' using errcode = 'P0001';
  end if;
  update public.invitations set status = case when p_accept then 'accepted' else 'declined' end, responded_at = now()
  where id = v_inv.id;
  if p_accept then
    -- The invitation carries the inviter's authority (checked when it was sent), not the invitee's.
    perform set_config('request.jwt.claims', '', true);
    insert into public.deal_members (deal_id, user_id, role, permission_set_id, company)
    values (v_inv.deal_id, v_uid, 'member', v_inv.permission_set_id, v_inv.company)
    on conflict (deal_id, user_id) do nothing;
    insert into public.deal_group_members (group_id, deal_id, user_id)
      select g.id, v_inv.deal_id, v_uid from public.deal_groups g
      where g.id = any (v_inv.group_ids) and g.deal_id = v_inv.deal_id
    on conflict do nothing;
    insert into public.deal_member_tags (tag_id, deal_id, user_id)
      select t.id, v_inv.deal_id, v_uid from public.deal_tags t
      where t.id = any (v_inv.tag_ids) and t.deal_id = v_inv.deal_id
    on conflict do nothing;
    perform private.record_activity(v_inv.deal_id, v_uid, 'user_invite',
      format('%s joined the deal', v_email), jsonb_build_object('invitation_id', v_inv.id, 'invited_by', v_inv.invited_by));
    perform set_config('request.jwt.claims', v_claims, true);
  end if;
  return v_inv.deal_id;
end $$;

CREATE FUNCTION private.set_capabilities(p_set_id uuid) RETURNS text[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce((select capabilities from public.permission_sets where id = p_set_id), '{}')
$$;

CREATE FUNCTION private.verified_email() RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select lower(u.email) from auth.users u
  where u.id = (select auth.uid()) and u.email_confirmed_at is not null and u.deleted_at is null
$$;

GRANT ALL ON FUNCTION private.people_deal_ids() TO authenticated;

-- Triggers

CREATE TRIGGER a_archived_read_only BEFORE INSERT OR DELETE OR UPDATE ON public.deal_group_members FOR EACH ROW EXECUTE FUNCTION private.refuse_archived_deal();

CREATE TRIGGER a_archived_read_only BEFORE INSERT OR DELETE OR UPDATE ON public.deal_groups FOR EACH ROW EXECUTE FUNCTION private.refuse_archived_deal();

CREATE TRIGGER a_archived_read_only BEFORE INSERT OR DELETE OR UPDATE ON public.deal_member_tags FOR EACH ROW EXECUTE FUNCTION private.refuse_archived_deal();

CREATE TRIGGER a_archived_read_only BEFORE INSERT OR DELETE OR UPDATE ON public.deal_tags FOR EACH ROW EXECUTE FUNCTION private.refuse_archived_deal();

CREATE TRIGGER a_archived_read_only BEFORE INSERT OR DELETE OR UPDATE ON public.invitations FOR EACH ROW EXECUTE FUNCTION private.refuse_archived_deal();

CREATE TRIGGER a_archived_read_only BEFORE INSERT OR DELETE OR UPDATE ON public.permission_sets FOR EACH ROW EXECUTE FUNCTION private.refuse_archived_deal();

CREATE TRIGGER aa_clean_texts BEFORE INSERT OR UPDATE OF name, description ON public.deal_groups FOR EACH ROW EXECUTE FUNCTION private.clean_texts('name:group name:line', 'description:group description:multi');

CREATE TRIGGER aa_clean_texts BEFORE INSERT OR UPDATE OF name ON public.deal_tags FOR EACH ROW EXECUTE FUNCTION private.clean_texts('name:tag name:line');

CREATE TRIGGER aa_clean_texts BEFORE INSERT OR UPDATE OF company ON public.invitations FOR EACH ROW EXECUTE FUNCTION private.clean_texts('company:company:line');

CREATE TRIGGER aa_clean_texts BEFORE INSERT OR UPDATE OF name, description ON public.permission_sets FOR EACH ROW EXECUTE FUNCTION private.clean_texts('name:permission set name:line', 'description:permission set description:multi');

CREATE TRIGGER deal_group_members_deal BEFORE INSERT OR UPDATE ON public.deal_group_members FOR EACH ROW EXECUTE FUNCTION private.link_matches_deal();

CREATE TRIGGER deal_group_members_guard BEFORE INSERT OR DELETE OR UPDATE ON public.deal_group_members FOR EACH ROW EXECUTE FUNCTION private.guard_group_link();

CREATE TRIGGER deal_groups_denies_hold BEFORE DELETE OR UPDATE ON public.deal_groups FOR EACH ROW EXECUTE FUNCTION private.refuse_deleting_denied();

CREATE TRIGGER deal_groups_rights_guard BEFORE DELETE OR UPDATE ON public.deal_groups FOR EACH ROW EXECUTE FUNCTION private.guard_group_rights();

CREATE TRIGGER deal_groups_set_deal BEFORE INSERT OR UPDATE ON public.deal_groups FOR EACH ROW EXECUTE FUNCTION private.group_matches_deal();

CREATE TRIGGER deal_member_tags_deal BEFORE INSERT OR UPDATE ON public.deal_member_tags FOR EACH ROW EXECUTE FUNCTION private.link_matches_deal();

CREATE TRIGGER deal_members_guard BEFORE INSERT OR DELETE OR UPDATE ON public.deal_members FOR EACH ROW EXECUTE FUNCTION private.guard_member_write();

CREATE TRIGGER deal_tags_denies_hold BEFORE DELETE OR UPDATE ON public.deal_tags FOR EACH ROW EXECUTE FUNCTION private.refuse_deleting_denied();

CREATE TRIGGER invitations_check BEFORE INSERT OR UPDATE ON public.invitations FOR EACH ROW EXECUTE FUNCTION private.invitation_check();

CREATE TRIGGER permission_sets_check BEFORE INSERT OR UPDATE ON public.permission_sets FOR EACH ROW EXECUTE FUNCTION private.permission_sets_check();

CREATE TRIGGER permission_sets_rights_guard BEFORE UPDATE ON public.permission_sets FOR EACH ROW EXECUTE FUNCTION private.guard_set_rights();

-- Row-level security and policies

ALTER TABLE public.deal_group_members ENABLE ROW LEVEL SECURITY;

CREATE POLICY deal_group_members_select ON public.deal_group_members FOR SELECT TO authenticated USING ((deal_id IN ( SELECT private.people_deal_ids() AS people_deal_ids)));

CREATE POLICY deal_group_members_write_delete ON public.deal_group_members FOR DELETE TO authenticated USING ((private.has_capability(deal_id, 'manage_users'::text) AND (user_id <> ( SELECT d.owner_id
   FROM public.deals d
  WHERE (d.id = deal_group_members.deal_id)))));

CREATE POLICY deal_group_members_write_insert ON public.deal_group_members FOR INSERT TO authenticated WITH CHECK ((private.has_capability(deal_id, 'manage_users'::text) AND (user_id <> ( SELECT d.owner_id
   FROM public.deals d
  WHERE (d.id = deal_group_members.deal_id)))));

ALTER TABLE public.deal_groups ENABLE ROW LEVEL SECURITY;

CREATE POLICY deal_groups_select ON public.deal_groups FOR SELECT TO authenticated USING ((deal_id IN ( SELECT private.people_deal_ids() AS people_deal_ids)));

CREATE POLICY deal_groups_write_delete ON public.deal_groups FOR DELETE TO authenticated USING (private.has_capability(deal_id, 'manage_users'::text));

CREATE POLICY deal_groups_write_insert ON public.deal_groups FOR INSERT TO authenticated WITH CHECK (private.has_capability(deal_id, 'manage_users'::text));

CREATE POLICY deal_groups_write_update ON public.deal_groups FOR UPDATE TO authenticated USING (private.has_capability(deal_id, 'manage_users'::text)) WITH CHECK (private.has_capability(deal_id, 'manage_users'::text));

ALTER TABLE public.deal_member_tags ENABLE ROW LEVEL SECURITY;

CREATE POLICY deal_member_tags_select ON public.deal_member_tags FOR SELECT TO authenticated USING ((deal_id IN ( SELECT private.people_deal_ids() AS people_deal_ids)));

CREATE POLICY deal_member_tags_write_delete ON public.deal_member_tags FOR DELETE TO authenticated USING ((private.has_capability(deal_id, 'manage_users'::text) AND (user_id <> ( SELECT d.owner_id
   FROM public.deals d
  WHERE (d.id = deal_member_tags.deal_id)))));

CREATE POLICY deal_member_tags_write_insert ON public.deal_member_tags FOR INSERT TO authenticated WITH CHECK ((private.has_capability(deal_id, 'manage_users'::text) AND (user_id <> ( SELECT d.owner_id
   FROM public.deals d
  WHERE (d.id = deal_member_tags.deal_id)))));

CREATE POLICY deal_members_select ON public.deal_members FOR SELECT TO authenticated USING (((deal_id IN ( SELECT private.my_deal_ids() AS my_deal_ids)) AND ((deal_id IN ( SELECT private.people_deal_ids() AS people_deal_ids)) OR (user_id = ( SELECT auth.uid() AS uid)) OR ((role = 'admin'::text) AND (status = 'active'::text)))));

ALTER TABLE public.deal_tags ENABLE ROW LEVEL SECURITY;

CREATE POLICY deal_tags_select ON public.deal_tags FOR SELECT TO authenticated USING ((deal_id IN ( SELECT private.people_deal_ids() AS people_deal_ids)));

CREATE POLICY deal_tags_write_delete ON public.deal_tags FOR DELETE TO authenticated USING (private.has_capability(deal_id, 'manage_users'::text));

CREATE POLICY deal_tags_write_insert ON public.deal_tags FOR INSERT TO authenticated WITH CHECK (private.has_capability(deal_id, 'manage_users'::text));

CREATE POLICY deal_tags_write_update ON public.deal_tags FOR UPDATE TO authenticated USING (private.has_capability(deal_id, 'manage_users'::text)) WITH CHECK (private.has_capability(deal_id, 'manage_users'::text));

ALTER TABLE public.invitations ENABLE ROW LEVEL SECURITY;

CREATE POLICY invitations_delete ON public.invitations FOR DELETE TO authenticated USING (private.has_capability(deal_id, 'manage_users'::text));

CREATE POLICY invitations_insert ON public.invitations FOR INSERT TO authenticated WITH CHECK ((private.has_capability(deal_id, 'manage_users'::text) AND (invited_by = ( SELECT auth.uid() AS uid)) AND (status = 'pending'::text)));

CREATE POLICY invitations_select ON public.invitations FOR SELECT TO authenticated USING ((private.has_capability(deal_id, 'manage_users'::text) OR (email = ( SELECT private.verified_email() AS verified_email))));

CREATE POLICY invitations_update ON public.invitations FOR UPDATE TO authenticated USING (private.has_capability(deal_id, 'manage_users'::text)) WITH CHECK (private.has_capability(deal_id, 'manage_users'::text));

ALTER TABLE public.permission_sets ENABLE ROW LEVEL SECURITY;

CREATE POLICY permission_sets_deal_write_delete ON public.permission_sets FOR DELETE TO authenticated USING (((deal_id IS NOT NULL) AND private.has_capability(deal_id, 'manage_users'::text)));

CREATE POLICY permission_sets_deal_write_insert ON public.permission_sets FOR INSERT TO authenticated WITH CHECK (((deal_id IS NOT NULL) AND private.has_capability(deal_id, 'manage_users'::text)));

CREATE POLICY permission_sets_deal_write_update ON public.permission_sets FOR UPDATE TO authenticated USING (((deal_id IS NOT NULL) AND private.has_capability(deal_id, 'manage_users'::text))) WITH CHECK (((deal_id IS NOT NULL) AND private.has_capability(deal_id, 'manage_users'::text)));

CREATE POLICY permission_sets_select ON public.permission_sets FOR SELECT TO authenticated USING (((deal_id IS NULL) OR (deal_id IN ( SELECT private.my_deal_ids() AS my_deal_ids)) OR ( SELECT private.is_super_admin() AS is_super_admin)));

CREATE POLICY permission_sets_system_write_delete ON public.permission_sets FOR DELETE TO authenticated USING (((deal_id IS NULL) AND ( SELECT private.is_super_admin() AS is_super_admin)));

CREATE POLICY permission_sets_system_write_insert ON public.permission_sets FOR INSERT TO authenticated WITH CHECK (((deal_id IS NULL) AND ( SELECT private.is_super_admin() AS is_super_admin)));

CREATE POLICY permission_sets_system_write_update ON public.permission_sets FOR UPDATE TO authenticated USING (((deal_id IS NULL) AND ( SELECT private.is_super_admin() AS is_super_admin))) WITH CHECK (((deal_id IS NULL) AND ( SELECT private.is_super_admin() AS is_super_admin)));

-- Grants

GRANT SELECT,INSERT,DELETE ON TABLE public.deal_group_members TO authenticated;

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.deal_groups TO authenticated;

GRANT SELECT,INSERT,DELETE ON TABLE public.deal_member_tags TO authenticated;

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.deal_tags TO authenticated;

GRANT SELECT,INSERT,DELETE ON TABLE public.invitations TO authenticated;

GRANT UPDATE(permission_set_id) ON TABLE public.invitations TO authenticated;

GRANT UPDATE(group_ids) ON TABLE public.invitations TO authenticated;

GRANT UPDATE(tag_ids) ON TABLE public.invitations TO authenticated;

GRANT UPDATE(company) ON TABLE public.invitations TO authenticated;

GRANT UPDATE(invited_at) ON TABLE public.invitations TO authenticated;

GRANT UPDATE(expires_at) ON TABLE public.invitations TO authenticated;

GRANT UPDATE(token_hash) ON TABLE public.invitations TO authenticated;

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.permission_sets TO authenticated;
