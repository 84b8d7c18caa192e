-- Who read what (docs/decisions.md decision 46): every opening of a document in the viewer is a row of
-- public.file_views (who, file, version, when), and the time spent on each page arrives in small
-- batches as rows of public.file_view_pages. Both are append-only logs: a member inserts only their own
-- rows, of a file they can see; no API role may update or delete them. They are readable by the viewer
-- themself, by the deal's admins, and by members holding manage_users for the files those members can
-- see. Each view is also a `view` entry of the activity feed, under the feed's own visibility rules.

create table public.file_views (
  id uuid not null default gen_random_uuid(),
  deal_id uuid not null,
  file_id uuid not null,
  version_number integer not null,
  user_id uuid not null,
  started_at timestamptz not null default now(),
  constraint file_views_pkey primary key (id),
  constraint file_views_deal_id_fkey foreign key (deal_id) references public.deals(id) on delete cascade,
  constraint file_views_version_fkey foreign key (file_id, version_number)
    references public.file_versions(file_id, version_number) on delete cascade,
  constraint file_views_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);

create table public.file_view_pages (
  id uuid not null default gen_random_uuid(),
  view_id uuid not null,
  deal_id uuid not null,
  user_id uuid not null,
  page integer not null,
  seconds double precision not null,
  recorded_at timestamptz not null default now(),
  constraint file_view_pages_pkey primary key (id),
  constraint file_view_pages_view_id_fkey foreign key (view_id) references public.file_views(id) on delete cascade,
  constraint file_view_pages_deal_id_fkey foreign key (deal_id) references public.deals(id) on delete cascade,
  constraint file_view_pages_page_check check (page >= 1),
  constraint file_view_pages_seconds_check check (seconds > 0 and seconds <= 600)
);

-- The deal's analytics read a period of its views; a file's card reads that file's; pages join by view.
create index file_views_deal_started_idx on public.file_views (deal_id, started_at);
create index file_views_file_idx on public.file_views (file_id, user_id, started_at);
create index file_view_pages_view_idx on public.file_view_pages (view_id);

-- A page's deal and viewer are its view's, filled in here so they cannot be claimed: the row-level
-- check then asks that the viewer is the caller.
create function private.view_page_from_view() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v public.file_views;
begin
  select * into v from public.file_views where id = new.view_id;
  if not found then
    raise exception 'No such view' using errcode = '23503';
  end if;
  new.deal_id := v.deal_id;
  new.user_id := v.user_id;
  return new;
end $$;
revoke all on function private.view_page_from_view() from public;

create trigger a_view_page_from_view before insert on public.file_view_pages
  for each row execute function private.view_page_from_view();

-- The view's file must be in the view's deal (the helper the other children of files use).
create trigger file_views_deal before insert on public.file_views
  for each row execute function private.child_matches_file_deal();

-- Each view is a `view` entry of the deal's feed, visible exactly when the file is (activities_select).
create function private.file_view_activity() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_file public.files;
  v_path text;
begin
  select * into v_file from public.files where id = new.file_id;
  select full_path into v_path from public.folders where id = v_file.folder_id;
  perform private.record_activity(new.deal_id, new.user_id, 'view',
    format('Viewed "%s"%s', v_file.name,
           case when new.version_number <> v_file.current_version then format(' (version %s)', new.version_number) else '' end),
    jsonb_build_object('file_id', new.file_id, 'path', coalesce(v_path, '/'), 'version', new.version_number));
  return null;
end $$;
revoke all on function private.file_view_activity() from public;

create trigger file_views_activity after insert on public.file_views
  for each row execute function private.file_view_activity();

alter table public.activities drop constraint activities_activity_type_check;
alter table public.activities add constraint activities_activity_type_check check (activity_type in
  ('upload', 'download', 'delete', 'checklist_update', 'user_invite', 'deal_create', 'login', 'approval', 'ai_review',
   'role_change', 'view'));

alter table public.file_views enable row level security;
alter table public.file_view_pages enable row level security;

create policy file_views_insert on public.file_views for insert to authenticated
  with check (user_id = (select auth.uid()) and private.can_see_file(file_id));

create policy file_views_select on public.file_views for select to authenticated
  using ((user_id = (select auth.uid()) and deal_id = any ((select private.member_deals())::uuid[]))
         or deal_id = any ((select private.admin_deals())::uuid[])
         or (deal_id = any ((select private.deals_with_capability('manage_users'))::uuid[]) and private.can_see_file(file_id)));

create policy file_view_pages_insert on public.file_view_pages for insert to authenticated
  with check (user_id = (select auth.uid())
              and exists (select 1 from public.file_views v where v.id = view_id and private.can_see_file(v.file_id)));

create policy file_view_pages_select on public.file_view_pages for select to authenticated
  using ((user_id = (select auth.uid()) and deal_id = any ((select private.member_deals())::uuid[]))
         or deal_id = any ((select private.admin_deals())::uuid[])
         or (deal_id = any ((select private.deals_with_capability('manage_users'))::uuid[])
             and exists (select 1 from public.file_views v where v.id = view_id and private.can_see_file(v.file_id))));

-- Decision 31: the verbs the policies allow, and only the columns a caller may choose.
grant select, insert (deal_id, file_id, version_number, user_id) on public.file_views to authenticated;
grant select, insert (view_id, page, seconds) on public.file_view_pages to authenticated;
