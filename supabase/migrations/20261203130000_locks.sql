-- Locks that hold (docs/decisions.md decision 40).

-- The API's role keeps only the verbs the API uses (decision 31). Group and tag links and preset rows
-- are added and removed, never rewritten in place: an update could move a member from one group or tag
-- to another, or swap a preset's item, in one step that the API never takes and that escapes the
-- audit a preset's insert and delete get. A file's permissions are saved by an upsert and never deleted:
-- a delete would drop the file's denies with them. The policies for those verbs go with the grants.
revoke update on public.deal_group_members, public.deal_member_tags, public.preset_items from authenticated;
revoke delete on public.file_permissions from authenticated;
drop policy deal_group_members_write_update on public.deal_group_members;
drop policy deal_member_tags_write_update on public.deal_member_tags;
drop policy preset_items_write_update on public.preset_items;
drop policy file_permissions_write_delete on public.file_permissions;

-- A deal deleted with its contents: the cascade deletes its ready files and its folders after the deal
-- row, and their activity triggers tried to record the deletes in the feed of a deal that no longer
-- exists, which the foreign key refused, so the whole delete failed. A deal's feed goes with it: an
-- activity for a deal that is gone is not recorded.
create or replace function private.record_activity(
  p_deal_id uuid, p_user_id uuid, p_type text, p_description text, p_metadata jsonb default '{}'::jsonb
) returns void
language sql security definer set search_path = '' as $$
  insert into public.activities (deal_id, user_id, activity_type, description, metadata)
  select p_deal_id, p_user_id, p_type, p_description, coalesce(p_metadata, '{}'::jsonb)
  where exists (select 1 from public.deals d where d.id = p_deal_id)
$$;
