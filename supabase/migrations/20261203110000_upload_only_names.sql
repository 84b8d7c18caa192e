-- Whether a file name is taken in a folder, for a member who may upload there (docs/decisions.md
-- decision 35). A name is unique among a folder's ready files (files_unique_name), whoever may see
-- them, but an upload_only member (no view), or one outside a file's custom permissions, sees none of
-- the files that hold the names: its upload-url step passed, the bytes were sent, and only
-- upload-complete failed on the unique key; "Keep both" chose "Report (2).pdf" from the files the
-- caller sees and failed the same way every time. This answers yes or no about one name, never which
-- file holds it, and only to a member who may upload into that folder (active, past the deal's MFA
-- rule, holding upload, in a deal not archived, the folder its own and not archived); anyone else gets
-- null, no answer.
create function private.file_name_taken(p_deal_id uuid, p_folder_id uuid, p_name text) returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  if p_deal_id is null or p_name is null
     or not private.is_deal_member(p_deal_id)
     or not private.has_capability(p_deal_id, 'upload')
     or not exists (select 1 from public.deals d where d.id = p_deal_id and d.archived_at is null)
     or (p_folder_id is not null and not exists (
           select 1 from public.folders fo
           where fo.id = p_folder_id and fo.deal_id = p_deal_id and fo.archived_at is null)) then
    return null;
  end if;
  -- The unique index's own expression, so the answer is exactly what the insert would meet.
  return exists (
    select 1 from public.files f
    where f.deal_id = p_deal_id
      and coalesce(f.folder_id, '00000000-0000-0000-0000-000000000000'::uuid)
          = coalesce(p_folder_id, '00000000-0000-0000-0000-000000000000'::uuid)
      and lower(f.name) = lower(p_name) and f.archived_at is null and f.upload_state = 'ready');
end $$;

revoke all on function private.file_name_taken(uuid, uuid, text) from public, anon, authenticated;
grant execute on function private.file_name_taken(uuid, uuid, text) to authenticated;
