-- Deep pages of a data-room level as cheap as the first under row-level security (issue 33;
-- docs/architecture.md "Performance"). The listing's keyset was
-- `lower(f.name) > lower($after)`: lower() is not leakproof, so under the files policy Postgres may not
-- test it before the policy, and it could not be an index condition: page k read the k×200 rows before
-- it (page 9,000 of 10,000: 9.9 ms as the caller, 1.6 ms bare). The lower-cased name is now a stored
-- column, `name_key`, whose comparison (text_gt) is leakproof; the listing indexes are rebuilt on it.
alter table public.files add column name_key text generated always as (lower(name)) stored;

drop index public.files_listing_idx;
create index files_listing_idx on public.files (deal_id, folder_id, name_key)
  where archived_at is null and upload_state = 'ready';
drop index public.files_root_listing_idx;
create index files_root_listing_idx on public.files (deal_id, name_key)
  where folder_id is null and archived_at is null and upload_state = 'ready';

-- The edit guard compares the row before and after, less what others may change: the stored name_key
-- follows the name (in a BEFORE trigger it is not yet computed), so it is left out like search_text.
create or replace function private.files_before_write() returns trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_uid uuid := auth.uid();
  -- Set (transaction-local) by public.ai_suggestion_action and public.ai_request_analysis for the file they act on.
  v_ai_action boolean := coalesce(current_setting('app.ai_action_file', true), '') = new.id::text;
begin
  new.search_text := lower(new.name || ' ' || coalesce(new.formatted_title, '') || ' ' || array_to_string(new.tags, ' '));
  if new.folder_id is not null and (tg_op = 'INSERT' or new.folder_id is distinct from old.folder_id)
     and not exists (select 1 from public.folders fo where fo.id = new.folder_id and fo.deal_id = new.deal_id) then
    raise exception 'The folder belongs to another deal' using errcode = '23503';
  end if;
  if cardinality(new.checklist_items) > 0 and (tg_op = 'INSERT' or new.checklist_items is distinct from old.checklist_items)
     and to_regclass('public.checklist_items') is not null then
    -- Only links being added are checked: removing links never fails.
    if exists (select 1 from unnest(new.checklist_items) u(item_id)
               where (tg_op = 'INSERT' or not u.item_id = any (old.checklist_items))
                 and not exists (select 1 from public.checklist_items ci where ci.id = u.item_id and ci.deal_id = new.deal_id)) then
      raise exception 'Files can only be linked to checklist items of their own deal' using errcode = '23503';
    end if;
  end if;
  if tg_op = 'INSERT' then
    -- A new file starts unreviewed and empty; only upload-complete (below) makes it ready.
    if v_uid is not null and (new.approval_status <> 'pending' or new.ai_status <> 'not_started'
                              or new.current_version <> 0 or new.size_bytes <> 0 or new.upload_state <> 'pending') then
      raise exception 'A new file starts pending, unreviewed and empty' using errcode = '42501';
    end if;
    return new;
  end if;
  new.updated_at := now();
  if new.deal_id <> old.deal_id or (new.uploaded_by is distinct from old.uploaded_by
       and not (new.uploaded_by is null and not private.account_exists(old.uploaded_by))) then
    raise exception 'A file cannot change deal or uploader' using errcode = '42501';
  end if;
  if new.uploaded_by is null and old.uploaded_by is not null then
    -- The uploader's account was deleted (the foreign key's own update): the file is theirs no more.
    return new;
  end if;
  if v_uid is not null then
    -- The stored state must match a recorded version: no file becomes ready, or changes size,
    -- without the version row upload-complete writes.
    if (new.upload_state, new.current_version, new.size_bytes) is distinct from (old.upload_state, old.current_version, old.size_bytes) then
      if new.upload_state = 'pending' and old.upload_state = 'ready' then
        raise exception 'A ready file cannot go back to pending' using errcode = '42501';
      end if;
      if new.upload_state = 'ready' and not exists (
           select 1 from public.file_versions v
           where v.file_id = new.id and v.version_number = new.current_version and v.size_bytes = new.size_bytes) then
        raise exception 'The file''s version and size must match a recorded version' using errcode = '42501';
      end if;
    end if;
    if new.approval_status is distinct from old.approval_status
       and not private.has_capability(new.deal_id, 'approve') then
      raise exception 'You don''t have permission to change the approval status' using errcode = '42501';
    end if;
    -- Any change besides the approval needs edit_files or being the uploader.
    -- A file's AI status moves only with its uploads (files_ai_queued_status) or through the AI functions.
    if new.ai_status is distinct from old.ai_status and not v_ai_action
       and not (new.ai_status = 'queued' and (old.upload_state = 'pending' or new.current_version > old.current_version)) then
      raise exception 'A file''s AI status changes only through the AI assistant' using errcode = '42501';
    end if;
    if (to_jsonb(new) - array['approval_status', 'approval_note', 'updated_at', 'search_text', 'name_key', 'ai_status']
          - case when v_ai_action then array['checklist_items'] else array[]::text[] end)
         is distinct from (to_jsonb(old) - array['approval_status', 'approval_note', 'updated_at', 'search_text', 'name_key', 'ai_status']
          - case when v_ai_action then array['checklist_items'] else array[]::text[] end)
       and not (private.has_capability(new.deal_id, 'edit_files') or old.uploaded_by = v_uid) then
      raise exception 'You don''t have permission to edit this file' using errcode = '42501';
    end if;
  end if;
  return new;
end $$;
