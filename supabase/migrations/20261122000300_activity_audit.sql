-- Deal activity and the platform audit log, both written by the database (DESIGN.md decision 6).
create table public.activities (
  id uuid primary key default gen_random_uuid(),
  deal_id uuid not null references public.deals (id) on delete cascade,
  user_id uuid references auth.users (id) on delete set null,
  activity_type text not null check (activity_type in
    ('upload', 'download', 'delete', 'checklist_update', 'user_invite', 'deal_create', 'login')),
  description text not null,
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index activities_deal_created_idx on public.activities (deal_id, created_at desc);
alter table public.activities enable row level security;
revoke all on public.activities from anon;
revoke insert, update, delete, truncate on public.activities from authenticated;

create policy activities_select on public.activities for select to authenticated
  using (deal_id in (select private.my_deal_ids()));

create or replace function private.record_activity(
  p_deal_id uuid, p_user_id uuid, p_type text, p_description text, p_metadata jsonb default '{}'::jsonb
) returns void
language sql security definer set search_path = '' as $$
  insert into public.activities (deal_id, user_id, activity_type, description, metadata)
  values (p_deal_id, p_user_id, p_type, p_description, coalesce(p_metadata, '{}'::jsonb))
$$;
revoke execute on function private.record_activity(uuid, uuid, text, text, jsonb) from public, anon, authenticated;

-- A sign-in shows in the feed of every deal the person is an active member of.
create or replace function private.record_login(p_user_id uuid) returns void
language sql security definer set search_path = '' as $$
  update public.profiles set last_active_at = now() where id = p_user_id;
  insert into public.activities (deal_id, user_id, activity_type, description)
  select m.deal_id, p_user_id, 'login', 'Signed in'
  from public.deal_members m join public.deals d on d.id = m.deal_id
  where m.user_id = p_user_id and m.status = 'active' and d.archived_at is null
$$;
revoke execute on function private.record_login(uuid) from public, anon, authenticated;

create or replace function private.deal_created_activity() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.record_activity(new.id, new.owner_id, 'deal_create',
    format('Created deal "%s"', new.name), jsonb_build_object('deal_id', new.id));
  return new;
end $$;
create trigger deals_created_activity after insert on public.deals
  for each row execute function private.deal_created_activity();

-- Append-only audit log.
create table public.audit_logs (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  action text not null,
  entity_type text not null,
  entity_id uuid,
  performed_by uuid,
  performed_by_email text,
  old_values jsonb,
  new_values jsonb,
  changes jsonb not null default '{}'::jsonb,
  metadata jsonb not null default '{}'::jsonb
);
create index audit_logs_created_idx on public.audit_logs (created_at desc);
create index audit_logs_entity_idx on public.audit_logs (entity_type, created_at desc);
alter table public.audit_logs enable row level security;
revoke all on public.audit_logs from anon;
revoke insert, update, delete, truncate on public.audit_logs from authenticated, service_role;

create policy audit_logs_select on public.audit_logs for select to authenticated
  using ((select private.is_super_admin()));

-- Even the owner of the table cannot rewrite history: refuse update, delete and truncate.
create or replace function private.audit_logs_immutable() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception 'audit_logs is append-only' using errcode = '42501';
end $$;
create trigger audit_logs_no_update before update or delete on public.audit_logs
  for each row execute function private.audit_logs_immutable();
create trigger audit_logs_no_truncate before truncate on public.audit_logs
  for each statement execute function private.audit_logs_immutable();

-- Generic row audit: entity type in TG_ARGV[0]; changes = every changed field as {old, new}.
create or replace function private.audit_row() returns trigger
language plpgsql security definer set search_path = '' as $$
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

create trigger deals_audit after insert or update or delete on public.deals
  for each row execute function private.audit_row('deal');

-- Supabase's default privileges give API roles every table privilege; TRUNCATE (which skips RLS),
-- TRIGGER and REFERENCES are never theirs.
revoke truncate, trigger, references on all tables in schema public from anon, authenticated;
