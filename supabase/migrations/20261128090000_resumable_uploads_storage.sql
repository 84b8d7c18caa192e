-- On a Supabase project only: resumable (tus) uploads reach Storage as the signed-in person, so Storage
-- checks this insert policy. It admits exactly the object keys of that person's own upload grants that
-- are neither completed nor expired (docs/decisions.md decision 24). There is no update, select or
-- delete policy: an object cannot be overwritten, read or removed this way. On plain Postgres this does
-- nothing.
do $$
begin
  if to_regclass('storage.objects') is not null then
    execute 'drop policy if exists deal_files_resumable_insert on storage.objects';
    execute $policy$
      create policy deal_files_resumable_insert on storage.objects for insert to authenticated
        with check (
          bucket_id = 'deal-files'
          and exists (
            select 1 from public.upload_grants g
            where g.storage_key = objects.name
              and g.created_by = (select auth.uid())
              and g.completed_at is null
              and g.expires_at > now()))
    $policy$;
  end if;
end $$;
