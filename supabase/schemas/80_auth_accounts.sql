-- Accounts and sign-in: the admin portal's functions, sessions and their cutoffs, two-step
-- verification (recovery codes, deals that require it), sign-in throttling and unproved passwords.

set check_function_bodies = false;

-- Tables

CREATE TABLE private.auth_attempts (
    id bigint NOT NULL,
    kind text NOT NULL,
    client text NOT NULL,
    subject text,
    at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT auth_attempts_kind_check CHECK ((kind = ANY (ARRAY['login_failure'::text, 'register'::text, 'magic_link'::text, 'verify_failure'::text, 'mfa_failure'::text])))
);

CREATE TABLE private.cleared_passwords (
    user_id uuid NOT NULL,
    cleared_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE private.ended_sessions (
    session_id uuid NOT NULL,
    user_id uuid NOT NULL,
    ended_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE private.mfa_recovery_codes (
    user_id uuid NOT NULL,
    code_hash text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    used_at timestamp with time zone
);

CREATE TABLE private.session_cutoffs (
    user_id uuid NOT NULL,
    not_before timestamp with time zone NOT NULL,
    ended_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE private.unproved_passwords (
    user_id uuid NOT NULL,
    marked_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ONLY private.auth_attempts
    ADD CONSTRAINT auth_attempts_pkey PRIMARY KEY (id);

ALTER TABLE ONLY private.cleared_passwords
    ADD CONSTRAINT cleared_passwords_pkey PRIMARY KEY (user_id);

ALTER TABLE ONLY private.ended_sessions
    ADD CONSTRAINT ended_sessions_pkey PRIMARY KEY (session_id);

ALTER TABLE ONLY private.mfa_recovery_codes
    ADD CONSTRAINT mfa_recovery_codes_pkey PRIMARY KEY (user_id, code_hash);

ALTER TABLE ONLY private.session_cutoffs
    ADD CONSTRAINT session_cutoffs_pkey PRIMARY KEY (user_id);

ALTER TABLE ONLY private.unproved_passwords
    ADD CONSTRAINT unproved_passwords_pkey PRIMARY KEY (user_id);

ALTER TABLE private.auth_attempts ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.auth_attempts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.cleared_passwords
    ADD CONSTRAINT cleared_passwords_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.ended_sessions
    ADD CONSTRAINT ended_sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.mfa_recovery_codes
    ADD CONSTRAINT mfa_recovery_codes_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.session_cutoffs
    ADD CONSTRAINT session_cutoffs_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.unproved_passwords
    ADD CONSTRAINT unproved_passwords_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

-- Indexes

CREATE INDEX auth_attempts_at_idx ON private.auth_attempts USING btree (at);

CREATE INDEX auth_attempts_client_idx ON private.auth_attempts USING btree (kind, client, at DESC);

CREATE INDEX auth_attempts_subject_idx ON private.auth_attempts USING btree (kind, subject, at DESC) WHERE (subject IS NOT NULL);

-- Helpers

CREATE FUNCTION private.account_deletion_cleanup() RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_user text := current_setting('app.deleting_user', true);
begin
  return coalesce(v_user, '') <> '' and private.is_super_admin()
     and not exists (select 1 from auth.users where id = v_user::uuid);
end $$;

CREATE FUNCTION private.account_exists(p_user_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (select 1 from auth.users u where u.id = p_user_id)
$$;

CREATE FUNCTION private.audit(p_action text, p_entity_type text, p_entity_id uuid, p_changes jsonb DEFAULT '{}'::jsonb, p_metadata jsonb DEFAULT '{}'::jsonb) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  insert into public.audit_logs (action, entity_type, entity_id, performed_by, performed_by_email, changes, metadata)
  values (p_action, p_entity_type, p_entity_id, auth.uid(), (select email from public.profiles where id = auth.uid()),
          coalesce(p_changes, '{}'), coalesce(p_metadata, '{}'));
$$;

CREATE FUNCTION private.caller_has_email() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (select 1 from auth.users u
                 where u.id = (select auth.uid()) and coalesce(btrim(u.email), '') <> '' and not u.is_anonymous)
$$;

CREATE FUNCTION private.end_sessions_at_cutoff() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  begin
    delete from auth.sessions where user_id = new.user_id and created_at < new.ended_at;
  exception when insufficient_privilege then
    null; -- GoTrue's table: the API's check by creation time already refuses them
  end;
  return new;
end $$;

CREATE FUNCTION private.guard_require_mfa() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.require_mfa is distinct from old.require_mfa then
    if new.require_mfa and auth.uid() is not null and not private.session_is_aal2() then
      raise exception 'Set up two-step verification for yourself and sign in with it before requiring it for this deal'
        using errcode = '42501';
    end if;
    perform private.audit(case when new.require_mfa then 'deal_mfa_required' else 'deal_mfa_not_required' end,
                          'deal', new.id);
  end if;
  return new;
end $$;

CREATE FUNCTION private.has_unproved_password(p_user_id uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return exists (select 1 from private.unproved_passwords where user_id = p_user_id);
end $$;

CREATE FUNCTION private.has_verified_factor(p_user_id uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
begin
  return (auth.uid() is null or p_user_id = auth.uid())
     and exists (select 1 from auth.mfa_factors f where f.user_id = p_user_id and f.status::text = 'verified');
end $$;

CREATE FUNCTION private.inet_or_null(p_text text) RETURNS inet
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  return p_text::inet;
exception when others then
  return null;
end $$;

CREATE FUNCTION private.mark_unproved_password() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if old.email_confirmed_at is null and new.email_confirmed_at is not null
     and coalesce(old.encrypted_password, '') <> ''
     -- Set, for its transaction only, by the one path that proved the registrant (embedded confirm links).
     and coalesce(current_setting('dataroom.registrant_proved', true), '') <> new.id::text then
    insert into private.unproved_passwords (user_id) values (new.id) on conflict (user_id) do nothing;
  end if;
  return new;
end $$;

CREATE FUNCTION private.passes_deal_mfa(p_deal_id uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    return true;
  end if;
  if exists (select 1 from private.unproved_passwords u where u.user_id = v_uid) then
    return false;
  end if;
  return private.session_is_aal2()
      or not exists (select 1 from public.deals d where d.id = p_deal_id and d.require_mfa);
end $$;

CREATE FUNCTION private.password_is_set(p_user_id uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if auth.uid() is not null and auth.uid() <> p_user_id then
    return null;
  end if;
  return exists (select 1 from auth.users u
                 where u.id = p_user_id and coalesce(u.encrypted_password, '') <> ''
                   and not exists (select 1 from private.cleared_passwords c where c.user_id = u.id));
end $$;

CREATE FUNCTION private.require_signed_in() RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
end $$;

CREATE FUNCTION private.require_super_admin() RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if auth.uid() is null or not private.is_super_admin() then
    raise exception 'You don''t have permission to access this area' using errcode = '42501';
  end if;
end $$;

CREATE FUNCTION private.session_is_aal2() RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  return coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2';
end $$;

CREATE FUNCTION private.session_is_live(p_session_id uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
begin
  return exists (
    select 1 from auth.sessions s
    where s.id = p_session_id
      and not exists (select 1 from private.ended_sessions e where e.session_id = s.id)
      and not exists (select 1 from private.session_cutoffs c where c.user_id = s.user_id and s.created_at < c.ended_at));
end $$;

CREATE FUNCTION private.stamp_cutoff() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.ended_at := now();
  return new;
end $$;

CREATE FUNCTION private.system_set_guard() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_members integer;
  v_groups integer;
  v_invitations integer;
begin
  if old.deal_id is not null then
    return coalesce(new, old);
  end if;
  if lower(old.name) in ('upload_only', 'upload_view', 'approve_only', 'edit') then
    if tg_op = 'DELETE' then
      raise exception 'The built-in permission set "%" cannot be deleted', old.name using errcode = '55000';
    elsif lower(new.name) <> lower(old.name) then
      raise exception 'The built-in permission set "%" cannot be renamed', old.name using errcode = '55000';
    end if;
  end if;
  if tg_op = 'DELETE' then
    select count(*) into v_members from public.deal_members where permission_set_id = old.id;
    select count(*) into v_groups from public.deal_groups where permission_set_id = old.id;
    select count(*) into v_invitations from public.invitations where permission_set_id = old.id;
    if v_members + v_groups + v_invitations > 0 then
      raise exception 'This permission set is in use by % member%, % group% and % invitation%: move them to another set first',
        v_members, case when v_members = 1 then '' else 's' end, v_groups, case when v_groups = 1 then '' else 's' end,
        v_invitations, case when v_invitations = 1 then '' else 's' end
        using errcode = '55000';
    end if;
  end if;
  return coalesce(new, old);
end $$;

CREATE FUNCTION private.take_unproved_password(p_user_id uuid) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_found boolean;
begin
  delete from private.unproved_passwords where user_id = p_user_id returning true into v_found;
  return coalesce(v_found, false);
end $$;

CREATE FUNCTION public.admin_can_manage_user(p_user_id uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_super_admin();
  if not exists (select 1 from public.profiles where id = p_user_id) then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  return true;
end $$;

CREATE FUNCTION public.admin_delete_user(p_user_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_email text;
  v_open text;
  v_count integer;
begin
  perform private.require_super_admin();
  if p_user_id = auth.uid() then
    raise exception 'You cannot delete your own account' using errcode = '55000';
  end if;
  lock table public.platform_admins in share row exclusive mode;
  select email into v_email from public.profiles where id = p_user_id;
  if v_email is null then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  select count(*), string_agg(format('"%s"', name), ', ' order by name) into v_count, v_open
    from public.deals where owner_id = p_user_id and archived_at is null;
  if v_count > 0 then
    raise exception '% owns % deal% that %: %. Archive % first.', v_email, v_count,
      case when v_count = 1 then '' else 's' end, case when v_count = 1 then 'is not archived' else 'are not archived' end,
      v_open, case when v_count = 1 then 'it' else 'them' end
      using errcode = '55000';
  end if;
  perform set_config('app.deleting_user', p_user_id::text, true);
  delete from auth.users where id = p_user_id;
  perform set_config('app.deleting_user', '', true);
  return jsonb_build_object('user_id', p_user_id, 'email', v_email, 'deleted', true);
end $$;

CREATE FUNCTION public.admin_list_users(p_which text, p_search text, p_limit integer, p_offset integer) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_pattern text := '%' || replace(replace(replace(lower(btrim(coalesce(p_search, ''))), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_any boolean := btrim(coalesce(p_search, '')) = '';
  v_rows jsonb;
  v_total integer;
begin
  perform private.require_super_admin();
  if v_any then
    -- Everyone: counting is cheap, and the page is the top of one sort.
    select count(*)::int into v_total from public.profiles p
     where p_which = 'all' or (exists (select 1 from public.platform_admins a where a.user_id = p.id)) = (p_which = 'super_admins');
    select coalesce(jsonb_agg(to_jsonb(page) - 'rn' order by page.rn), '[]') into v_rows
      from (select picked.*, row_number() over () as rn
              from (select p.id, p.email, p.first_name, p.last_name, p.title, p.created_at,
                           exists (select 1 from public.platform_admins a where a.user_id = p.id) as is_super_admin
                      from public.profiles p
                     where p_which = 'all' or (exists (select 1 from public.platform_admins a where a.user_id = p.id)) = (p_which = 'super_admins')
                     order by case when p_which = 'all' then null else lower(p.email) end,
                              case when p_which = 'all' then p.created_at end desc, p.id
                     limit greatest(p_limit, 0) offset greatest(p_offset, 0)) picked) page;
    return jsonb_build_object('users', v_rows, 'total_count', v_total);
  end if;
  -- A search: one pass over the matching accounts, counted and paged from the same rows.
  with matching as materialized (
    select p.id, p.email, p.first_name, p.last_name, p.title, p.created_at,
           exists (select 1 from public.platform_admins a where a.user_id = p.id) as is_super_admin
      from public.profiles p
     where (v_any or lower(p.email) like v_pattern or lower(p.first_name || ' ' || p.last_name) like v_pattern
            or lower(p.title) like v_pattern)
  ), chosen as materialized (
    select * from matching m
     where p_which = 'all' or m.is_super_admin = (p_which = 'super_admins')
  )
  select (select count(*)::int from chosen),
         coalesce((select jsonb_agg(to_jsonb(page) - 'rn' order by page.rn)
                     from (select picked.*, row_number() over () as rn
                             from (select * from chosen ch
                                    order by case when p_which = 'all' then null else lower(ch.email) end,
                                             case when p_which = 'all' then ch.created_at end desc, ch.id
                                    limit greatest(p_limit, 0) offset greatest(p_offset, 0)) picked) page), '[]')
    into v_total, v_rows;
  return jsonb_build_object('users', v_rows, 'total_count', v_total);
end $$;

CREATE FUNCTION public.admin_password_was_reset(p_user_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_email text;
begin
  perform private.require_super_admin();
  select email into v_email from public.profiles where id = p_user_id;
  if v_email is null then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  insert into private.session_cutoffs (user_id, not_before) values (p_user_id, date_trunc('second', now()))
  on conflict (user_id) do update set not_before = excluded.not_before;
  perform private.audit('user_password_reset', 'user', p_user_id, '{}', jsonb_build_object('email', v_email));
end $$;

CREATE FUNCTION public.admin_permission_set_usage(p_set_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_name text;
begin
  perform private.require_super_admin();
  select name into v_name from public.permission_sets where id = p_set_id and deal_id is null;
  if v_name is null then
    raise exception 'Permission set not found' using errcode = 'P0002';
  end if;
  return jsonb_build_object(
    'permission_set_id', p_set_id,
    'permission_set_name', v_name,
    'total_users', (select count(*) from public.deal_members where permission_set_id = p_set_id),
    'total_groups', (select count(*) from public.deal_groups where permission_set_id = p_set_id),
    'total_invitations', (select count(*) from public.invitations where permission_set_id = p_set_id),
    'users', coalesce((select jsonb_agg(jsonb_build_object('email', u.email, 'deal_name', u.deal_name) order by u.deal_name, u.email)
                         from (select p.email, d.name as deal_name from public.deal_members m
                               join public.profiles p on p.id = m.user_id join public.deals d on d.id = m.deal_id
                               where m.permission_set_id = p_set_id order by d.name, p.email limit 500) u), '[]'),
    'groups', coalesce((select jsonb_agg(jsonb_build_object('group_name', g.group_name, 'deal_name', g.deal_name) order by g.deal_name, g.group_name)
                          from (select g.name as group_name, d.name as deal_name from public.deal_groups g
                                join public.deals d on d.id = g.deal_id
                                where g.permission_set_id = p_set_id order by d.name, g.name limit 500) g), '[]'));
end $$;

CREATE FUNCTION public.admin_set_super_admin(p_user_id uuid, p_is_super_admin boolean) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_email text;
  v_is boolean;
begin
  perform private.require_super_admin();
  if p_user_id is null or p_is_super_admin is null then
    raise exception 'user_id and is_super_admin are required' using errcode = 'P0001';
  end if;
  lock table public.platform_admins in share row exclusive mode;
  select email into v_email from public.profiles where id = p_user_id;
  if v_email is null then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  v_is := exists (select 1 from public.platform_admins where user_id = p_user_id);
  if p_is_super_admin and not v_is then
    insert into public.platform_admins (user_id, granted_by) values (p_user_id, auth.uid());
    perform private.audit('super_admin_granted', 'user', p_user_id,
      jsonb_build_object('is_super_admin', jsonb_build_object('old', false, 'new', true)), jsonb_build_object('email', v_email));
  elsif not p_is_super_admin and v_is then
    if not exists (select 1 from public.platform_admins where user_id <> p_user_id) then
      raise exception 'The last super admin cannot be revoked: promote another user first' using errcode = '55000';
    end if;
    delete from public.platform_admins where user_id = p_user_id;
    perform private.audit('super_admin_revoked', 'user', p_user_id,
      jsonb_build_object('is_super_admin', jsonb_build_object('old', true, 'new', false)), jsonb_build_object('email', v_email));
  end if;
  return jsonb_build_object('user_id', p_user_id, 'email', v_email, 'is_super_admin', p_is_super_admin);
end $$;

CREATE FUNCTION public.admin_system_set_counts() RETURNS TABLE(set_id uuid, user_count integer, group_count integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_super_admin();
  return query
    select ps.id,
           (select count(*)::int from public.deal_members m where m.permission_set_id = ps.id),
           (select count(*)::int from public.deal_groups g where g.permission_set_id = ps.id)
    from public.permission_sets ps where ps.deal_id is null;
end $$;

CREATE FUNCTION public.admin_update_user(p_user_id uuid, p_first_name text, p_last_name text, p_title text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_super_admin();
  update public.profiles
     set first_name = coalesce(btrim(p_first_name), first_name),
         last_name = coalesce(btrim(p_last_name), last_name),
         title = coalesce(btrim(p_title), title)
   where id = p_user_id;
  if not found then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
end $$;

CREATE FUNCTION public.audit_my_mfa(p_action text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_signed_in();
  if p_action is null or p_action not in ('user_mfa_enrolled', 'user_mfa_removed') then
    raise exception 'Unknown action: use user_mfa_enrolled or user_mfa_removed' using errcode = 'P0001';
  end if;
  perform private.audit(p_action, 'user', auth.uid());
end $$;

CREATE FUNCTION public.end_my_session(p_session_id uuid) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_signed_in();
  if not exists (select 1 from auth.sessions where id = p_session_id and user_id = auth.uid())
     or not private.session_is_live(p_session_id) then
    return false;
  end if;
  insert into private.ended_sessions (session_id, user_id) values (p_session_id, auth.uid()) on conflict do nothing;
  begin
    delete from auth.sessions where id = p_session_id;
  exception when insufficient_privilege then
    null; -- GoTrue's table: ended_sessions already refuses its tokens
  end;
  perform private.audit('user_session_ended', 'user', auth.uid(), '{}', jsonb_build_object('session_id', p_session_id));
  return true;
end $$;

CREATE FUNCTION public.end_my_sessions(p_reason text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  if p_reason is null or p_reason not in ('password_changed', 'signed_out_everywhere') then
    raise exception 'Unknown reason: use password_changed or signed_out_everywhere' using errcode = 'P0001';
  end if;
  insert into private.session_cutoffs (user_id, not_before) values (auth.uid(), date_trunc('second', now()))
  on conflict (user_id) do update set not_before = excluded.not_before;
  perform private.audit('user_' || p_reason, 'user', auth.uid());
end $$;

CREATE FUNCTION public.forget_my_recovery_codes() RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_signed_in();
  if private.has_verified_factor(auth.uid()) then
    return;
  end if;
  delete from private.mfa_recovery_codes where user_id = auth.uid();
end $$;

CREATE FUNCTION public.my_deals_needing_mfa() RETURNS TABLE(id uuid, name text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select d.id, d.name from public.deals d
  join public.deal_members m on m.deal_id = d.id and m.user_id = (select auth.uid()) and m.status = 'active'
  where d.require_mfa and not private.session_is_aal2()
  order by d.name
$$;

CREATE FUNCTION public.my_recovery_codes_left() RETURNS integer
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select count(*)::int from private.mfa_recovery_codes where user_id = (select auth.uid()) and used_at is null
$$;

CREATE FUNCTION public.my_sessions() RETURNS TABLE(id uuid, created_at timestamp with time zone, last_active_at timestamp with time zone, user_agent text, ip text, aal text, is_current boolean)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select s.id, s.created_at,
         greatest(s.created_at, s.updated_at, s.refreshed_at at time zone 'utc') as last_active_at,
         s.user_agent, host(s.ip), s.aal::text,
         s.id::text = coalesce((select auth.jwt()) ->> 'session_id', '')
  from auth.sessions s
  where s.user_id = (select auth.uid()) and private.session_is_live(s.id)
  order by 3 desc, 2 desc
$$;

CREATE FUNCTION public.replace_my_recovery_codes(p_code_hashes text[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_signed_in();
  if not private.session_is_aal2() then
    raise exception 'Enter a code from your authenticator app first' using errcode = '42501';
  end if;
  if coalesce(array_length(p_code_hashes, 1), 0) <> 10 then
    raise exception 'Ten recovery codes are expected' using errcode = '22023';
  end if;
  delete from private.mfa_recovery_codes where user_id = auth.uid();
  insert into private.mfa_recovery_codes (user_id, code_hash) select auth.uid(), h from unnest(p_code_hashes) h;
  perform private.audit('user_recovery_codes_created', 'user', auth.uid());
end $$;

CREATE FUNCTION public.use_my_recovery_code(p_code_hash text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_signed_in();
  update private.mfa_recovery_codes set used_at = now()
  where user_id = auth.uid() and code_hash = p_code_hash and used_at is null;
  if not found then
    return false;
  end if;
  perform private.audit('user_recovery_code_used', 'user', auth.uid());
  return true;
end $$;

REVOKE ALL ON FUNCTION private.account_deletion_cleanup() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.account_exists(p_user_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.account_exists(p_user_id uuid) TO authenticated;

REVOKE ALL ON FUNCTION private.audit(p_action text, p_entity_type text, p_entity_id uuid, p_changes jsonb, p_metadata jsonb) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.caller_has_email() FROM PUBLIC;
GRANT ALL ON FUNCTION private.caller_has_email() TO authenticated;

REVOKE ALL ON FUNCTION private.end_sessions_at_cutoff() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.has_unproved_password(p_user_id uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.has_verified_factor(p_user_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.has_verified_factor(p_user_id uuid) TO authenticated;

REVOKE ALL ON FUNCTION private.mark_unproved_password() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.require_super_admin() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.session_is_live(p_session_id uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.take_unproved_password(p_user_id uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION public.admin_can_manage_user(p_user_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_can_manage_user(p_user_id uuid) TO authenticated;

REVOKE ALL ON FUNCTION public.admin_delete_user(p_user_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_delete_user(p_user_id uuid) TO authenticated;

REVOKE ALL ON FUNCTION public.admin_list_users(p_which text, p_search text, p_limit integer, p_offset integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_list_users(p_which text, p_search text, p_limit integer, p_offset integer) TO authenticated;

REVOKE ALL ON FUNCTION public.admin_password_was_reset(p_user_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_password_was_reset(p_user_id uuid) TO authenticated;

REVOKE ALL ON FUNCTION public.admin_permission_set_usage(p_set_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_permission_set_usage(p_set_id uuid) TO authenticated;

REVOKE ALL ON FUNCTION public.admin_set_super_admin(p_user_id uuid, p_is_super_admin boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_set_super_admin(p_user_id uuid, p_is_super_admin boolean) TO authenticated;

REVOKE ALL ON FUNCTION public.admin_system_set_counts() FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_system_set_counts() TO authenticated;

REVOKE ALL ON FUNCTION public.admin_update_user(p_user_id uuid, p_first_name text, p_last_name text, p_title text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_update_user(p_user_id uuid, p_first_name text, p_last_name text, p_title text) TO authenticated;

REVOKE ALL ON FUNCTION public.audit_my_mfa(p_action text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.audit_my_mfa(p_action text) TO authenticated;

REVOKE ALL ON FUNCTION public.end_my_session(p_session_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.end_my_session(p_session_id uuid) TO authenticated;

REVOKE ALL ON FUNCTION public.end_my_sessions(p_reason text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.end_my_sessions(p_reason text) TO authenticated;

REVOKE ALL ON FUNCTION public.forget_my_recovery_codes() FROM PUBLIC;
GRANT ALL ON FUNCTION public.forget_my_recovery_codes() TO authenticated;

REVOKE ALL ON FUNCTION public.my_deals_needing_mfa() FROM PUBLIC;
GRANT ALL ON FUNCTION public.my_deals_needing_mfa() TO authenticated;

REVOKE ALL ON FUNCTION public.my_recovery_codes_left() FROM PUBLIC;
GRANT ALL ON FUNCTION public.my_recovery_codes_left() TO authenticated;

REVOKE ALL ON FUNCTION public.my_sessions() FROM PUBLIC;
GRANT ALL ON FUNCTION public.my_sessions() TO authenticated;

REVOKE ALL ON FUNCTION public.replace_my_recovery_codes(p_code_hashes text[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.replace_my_recovery_codes(p_code_hashes text[]) TO authenticated;

REVOKE ALL ON FUNCTION public.use_my_recovery_code(p_code_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.use_my_recovery_code(p_code_hash text) TO authenticated;

-- Triggers

CREATE TRIGGER end_sessions_at_cutoff AFTER INSERT OR UPDATE ON private.session_cutoffs FOR EACH ROW EXECUTE FUNCTION private.end_sessions_at_cutoff();

CREATE TRIGGER stamp_cutoff BEFORE INSERT OR UPDATE ON private.session_cutoffs FOR EACH ROW EXECUTE FUNCTION private.stamp_cutoff();

CREATE TRIGGER guard_require_mfa BEFORE UPDATE OF require_mfa ON public.deals FOR EACH ROW EXECUTE FUNCTION private.guard_require_mfa();

CREATE TRIGGER permission_sets_system_guard BEFORE DELETE OR UPDATE ON public.permission_sets FOR EACH ROW EXECUTE FUNCTION private.system_set_guard();

CREATE TRIGGER mark_unproved_password AFTER UPDATE OF email_confirmed_at ON auth.users FOR EACH ROW EXECUTE FUNCTION private.mark_unproved_password();

-- Row-level security and policies

ALTER TABLE private.auth_attempts ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.cleared_passwords ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.ended_sessions ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.mfa_recovery_codes ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.session_cutoffs ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.unproved_passwords ENABLE ROW LEVEL SECURITY;

CREATE POLICY deals_insert ON public.deals FOR INSERT TO authenticated WITH CHECK (((owner_id = ( SELECT auth.uid() AS uid)) AND ( SELECT private.caller_has_email() AS caller_has_email)));
