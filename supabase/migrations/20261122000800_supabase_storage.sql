-- On a Supabase project only: the private bucket that holds every stored file version. The API reaches
-- it with the service role through signed URLs; no storage.objects policy grants API roles anything,
-- so objects are never readable or writable directly. On plain Postgres (npm start) this does nothing.
do $$
begin
  if to_regclass('storage.buckets') is not null then
    insert into storage.buckets (id, name, public, file_size_limit)
    values ('deal-files', 'deal-files', false, 5368709120)
    on conflict (id) do update set public = false;
  end if;
end $$;
