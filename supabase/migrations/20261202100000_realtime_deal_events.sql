-- Live status through Realtime on Supabase (docs/decisions.md decision 32): each change of a file's AI
-- status, and of its name, place, permissions or approval, is broadcast to a private channel per
-- person, `deal:<deal>:user:<person>`, and only to the members who may see that file, asked by the
-- same rule as every read (private.can_see_file). Joining a channel is authorised by row-level
-- security on realtime.messages: only that person, while a member of that deal. Embedded, the same
-- events go out on NOTIFY deal_events to the SSE stream, as before.

-- Who may join a topic: `deal:<deal>:user:<person>` for the person signed in, while an active member of
-- the deal (is_deal_member: MFA-gated deals and unproved passwords included). Anything else, no one.
create or replace function private.may_join_topic(p_topic text) returns boolean
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
declare
  v_parts text[];
begin
  v_parts := regexp_match(p_topic,
    '^deal:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):user:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$');
  if v_parts is null then
    return false;
  end if;
  return v_parts[2]::uuid = auth.uid() and private.is_deal_member(v_parts[1]::uuid);
end $$;
revoke execute on function private.may_join_topic(text) from public, anon;
grant execute on function private.may_join_topic(text) to authenticated;

-- One event about a file, to each member who may see it. Only where Realtime's server migrated this
-- database (its ledger, realtime.schema_migrations): the embedded bootstrap carries realtime.messages
-- and realtime.send for the tests, but no Realtime reads them. can_see_file answers for the signed-in
-- person, so it is asked as each member in turn (the claims the trigger ran under are put back after),
-- with the second factor taken as proved: a member of a deal that requires one joins only with it.
create or replace function private.broadcast_file_event(p_deal_id uuid, p_file_id uuid, p_event text, p_payload jsonb)
returns void
language plpgsql security definer set search_path = '' set plan_cache_mode = 'auto' as $$
declare
  v_claims text := current_setting('request.jwt.claims', true);
  v_sub text := current_setting('request.jwt.claim.sub', true);
  v_member uuid;
begin
  if to_regclass('realtime.schema_migrations') is null then
    return;
  end if;
  for v_member in select m.user_id from public.deal_members m where m.deal_id = p_deal_id and m.status = 'active' loop
    perform set_config('request.jwt.claim.sub', '', true);
    perform set_config('request.jwt.claims',
      json_build_object('sub', v_member, 'role', 'authenticated', 'aal', 'aal2')::text, true);
    if private.can_see_file(p_file_id) then
      perform realtime.send(p_payload, p_event, format('deal:%s:user:%s', p_deal_id, v_member), true);
    end if;
  end loop;
  perform set_config('request.jwt.claims', coalesce(v_claims, ''), true);
  perform set_config('request.jwt.claim.sub', coalesce(v_sub, ''), true);
end $$;
revoke execute on function private.broadcast_file_event(uuid, uuid, text, jsonb) from public, anon, authenticated, service_role;

-- The AI status trigger of migration 20261125100000, now also broadcasting the same event.
create or replace function private.files_ai_status_event() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_event jsonb := jsonb_build_object('deal_id', new.deal_id, 'file_id', new.id, 'type', 'ai_status', 'ai_status', new.ai_status);
begin
  perform pg_notify('deal_events', v_event::text);
  perform private.broadcast_file_event(new.deal_id, new.id, 'ai_status', v_event);
  return null;
end $$;
revoke execute on function private.files_ai_status_event() from public, anon, authenticated, service_role;

-- A ready file renamed, moved, archived, given other permissions or another approval: the same
-- announcement, of type 'file', on both paths, so open pages refetch what they show of it (the
-- event names no more than the file). Who sees it is asked after the change.
create or replace function private.files_changed_event() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_event jsonb := jsonb_build_object('deal_id', new.deal_id, 'file_id', new.id, 'type', 'file');
begin
  perform pg_notify('deal_events', v_event::text);
  perform private.broadcast_file_event(new.deal_id, new.id, 'file', v_event);
  return null;
end $$;
revoke execute on function private.files_changed_event() from public, anon, authenticated, service_role;
create trigger files_changed_event after update on public.files
  for each row when (old.upload_state = 'ready' and new.upload_state = 'ready'
    and (new.name, new.folder_id, new.archived_at, new.permission_type, new.approval_status)
        is distinct from (old.name, old.folder_id, old.archived_at, old.permission_type, old.approval_status))
  execute function private.files_changed_event();

-- The join check Realtime makes (a row of the topic read as the person, with realtime.topic set):
-- broadcast only, no presence; no insert or update policy, so no client sends on these channels.
do $$
begin
  if to_regclass('realtime.messages') is null then
    raise notice 'realtime.messages is missing (Realtime has not migrated this database): no policy lets anyone join the private channels of live status, so the web app polls';
    return;
  end if;
  execute $policy$
    create policy deal_events_join on realtime.messages for select to authenticated
      using (realtime.messages.extension = 'broadcast'
             and realtime.messages.topic = (select realtime.topic())
             and (select private.may_join_topic(realtime.topic())))
  $policy$;
end $$;
