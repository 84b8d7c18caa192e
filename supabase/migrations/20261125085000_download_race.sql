-- A download URL asked for while the file is being deleted answers "not found", never a refused
-- insert: the file row is held (key share) from the check to the recorded activity, so a concurrent
-- delete either happened first (P0002, mapped to 404) or waits for this transaction.
create or replace function private.record_download(p_file_id uuid, p_version integer) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  v_file public.files;
  v_path text;
begin
  if not private.can_download_file(p_file_id) then
    return false;
  end if;
  select * into v_file from public.files where id = p_file_id for key share;
  if not found then
    raise exception using errcode = 'P0002', message = 'This file no longer exists.';
  end if;
  select full_path into v_path from public.folders where id = v_file.folder_id;
  perform private.record_activity(v_file.deal_id, auth.uid(), 'download',
    format('Downloaded "%s"%s', v_file.name, case when p_version <> v_file.current_version then format(' (version %s)', p_version) else '' end),
    jsonb_build_object('file_id', v_file.id, 'path', coalesce(v_path, '/'), 'version', p_version));
  return true;
end $$;
grant execute on function private.record_download(uuid, integer) to authenticated;
