-- What we add to Supabase's Storage and Realtime: the resumable upload policy on storage.objects and
-- the live deal events (the trigger on files, the join policy on realtime.messages).

set check_function_bodies = false;

-- Helpers

CREATE FUNCTION private.broadcast_file_event(p_deal_id uuid, p_file_id uuid, p_event text, p_payload jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
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

CREATE FUNCTION private.files_changed_event() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_event jsonb := jsonb_build_object('deal_id', new.deal_id, 'file_id', new.id, 'type', 'file');
begin
  perform pg_notify('deal_events', v_event::text);
  perform private.broadcast_file_event(new.deal_id, new.id, 'file', v_event);
  return null;
end $$;

CREATE FUNCTION private.may_join_topic(p_topic text) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $_$
declare
  v_parts text[];
begin
  v_parts := regexp_match(p_topic,
    '^deal:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):user:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$');
  if v_parts is null then
    return false;
  end if;
  return v_parts[2]::uuid = auth.uid() and private.is_deal_member(v_parts[1]::uuid);
end $_$;

REVOKE ALL ON FUNCTION private.broadcast_file_event(p_deal_id uuid, p_file_id uuid, p_event text, p_payload jsonb) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.files_changed_event() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.may_join_topic(p_topic text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.may_join_topic(p_topic text) TO authenticated;

-- Triggers

CREATE TRIGGER files_changed_event AFTER UPDATE ON public.files FOR EACH ROW WHEN (((old.upload_state = 'ready'::text) AND (new.upload_state = 'ready'::text) AND ((new.name, new.folder_id, new.archived_at, new.permission_type, new.approval_status) IS DISTINCT FROM (old.name, old.folder_id, old.archived_at, old.permission_type, old.approval_status)))) EXECUTE FUNCTION private.files_changed_event();

-- Row-level security and policies

CREATE POLICY deal_files_resumable_insert ON storage.objects FOR INSERT TO authenticated WITH CHECK (((bucket_id = 'deal-files'::text) AND (EXISTS ( SELECT 1
   FROM public.upload_grants g
  WHERE ((g.storage_key = objects.name) AND (g.created_by = ( SELECT auth.uid() AS uid)) AND (g.completed_at IS NULL) AND (g.expires_at > now()))))));

CREATE POLICY deal_events_join ON realtime.messages FOR SELECT TO authenticated USING (((extension = 'broadcast'::text) AND (topic = ( SELECT realtime.topic() AS topic)) AND ( SELECT private.may_join_topic(realtime.topic()) AS may_join_topic)));
