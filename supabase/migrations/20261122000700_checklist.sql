-- Checklist: the platform catalog of due-diligence requests, presets built from it, and each deal's
-- own copy (categories, items, approvals), which is independent of the catalog once created.

create or replace function private.catalog_categories() returns text[]
language sql immutable set search_path = '' as $$
  select array['Corporate Documents', 'Financial Information', 'Tax Matters', 'Commercial Contracts',
               'HR/Employment', 'IP/Tech', 'Privacy & Compliance', 'Real Estate/Insurance']
$$;

create table public.catalog_items (
  id uuid primary key default gen_random_uuid(),
  code text not null check (code ~ '^[A-Z]{1,3}\.[0-9]{1,3}$'),
  title text not null check (length(btrim(title)) between 1 and 300),
  description text not null check (length(btrim(description)) between 1 and 5000),
  category text not null check (category = any (private.catalog_categories())),
  subcategory text check (length(subcategory) <= 200),
  version integer not null default 1 check (version >= 1),
  active boolean not null default true,
  requirements jsonb not null default '{}'::jsonb,
  ai_checks jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index catalog_items_code on public.catalog_items (code);
create index catalog_items_category on public.catalog_items (category, code);
alter table public.catalog_items enable row level security;

create table public.preset_items (
  preset_id uuid not null references public.checklist_presets (id) on delete cascade,
  catalog_item_id uuid not null references public.catalog_items (id) on delete cascade,
  position integer not null default 0,
  primary key (preset_id, catalog_item_id)
);
create index preset_items_item on public.preset_items (catalog_item_id);
alter table public.preset_items enable row level security;

-- Exactly one default preset at every moment, checked when the transaction commits.
create or replace function private.one_default_preset() returns trigger
language plpgsql set search_path = '' as $$
begin
  if (select count(*) from public.checklist_presets where is_default) <> 1 then
    raise exception 'Exactly one checklist preset must be the default' using errcode = 'P0001';
  end if;
  return null;
end $$;
create constraint trigger checklist_presets_one_default
  after insert or update or delete on public.checklist_presets
  deferrable initially deferred for each row execute function private.one_default_preset();

create table public.checklist_categories (
  id uuid primary key default gen_random_uuid(),
  deal_id uuid not null references public.deals (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 200),
  code text check (code is null or length(code) between 1 and 3),
  position integer not null default 0,
  created_at timestamptz not null default now()
);
create unique index checklist_categories_name on public.checklist_categories (deal_id, lower(name));
alter table public.checklist_categories enable row level security;

create table public.checklist_items (
  id uuid primary key default gen_random_uuid(),
  deal_id uuid not null references public.deals (id) on delete cascade,
  category_id uuid not null references public.checklist_categories (id) on delete cascade,
  item_code text check (length(item_code) <= 20),
  name text not null check (length(btrim(name)) between 1 and 300),
  description text not null default '' check (length(description) <= 5000),
  status text not null default 'in_progress' check (status in ('in_progress', 'provided', 'not_applicable')),
  required boolean not null default true,
  anticipated_file_count integer not null default 1 check (anticipated_file_count >= 0),
  approval_status text not null default 'pending' check (approval_status in ('pending', 'approved', 'changes_requested')),
  catalog_item_id uuid references public.catalog_items (id) on delete set null,
  requirements jsonb not null default '{}'::jsonb,
  position integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index checklist_items_deal on public.checklist_items (deal_id, category_id, position);
alter table public.checklist_items enable row level security;

create table public.checklist_approvals (
  id uuid primary key default gen_random_uuid(),
  item_id uuid not null references public.checklist_items (id) on delete cascade,
  deal_id uuid not null references public.deals (id) on delete cascade,
  decision text not null check (decision in ('approved', 'changes_requested')),
  note text check (length(note) <= 2000),
  decided_by uuid references auth.users (id) on delete set null,
  decided_at timestamptz not null default now()
);
create index checklist_approvals_item on public.checklist_approvals (item_id, decided_at desc);
alter table public.checklist_approvals enable row level security;

create index files_checklist_items on public.files using gin (checklist_items);

-- Child rows stay in their parent's deal.
create or replace function private.checklist_item_matches_deal() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.checklist_categories c where c.id = new.category_id and c.deal_id = new.deal_id) then
    raise exception 'The category belongs to another deal' using errcode = 'P0001';
  end if;
  new.updated_at := now();
  return new;
end $$;
create trigger checklist_items_deal before insert or update on public.checklist_items
  for each row execute function private.checklist_item_matches_deal();

-- A decision only on a pending item; it moves the item's approval status, in the same transaction.
create or replace function private.checklist_decision() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_item public.checklist_items;
begin
  select * into v_item from public.checklist_items where id = new.item_id for update;
  if v_item.id is null or v_item.deal_id <> new.deal_id then
    raise exception 'Item not found' using errcode = 'P0002';
  end if;
  if v_item.approval_status <> 'pending' then
    raise exception 'Only items pending review can be approved or sent back' using errcode = 'P0001';
  end if;
  update public.checklist_items set approval_status = new.decision where id = new.item_id;
  perform private.record_activity(new.deal_id, coalesce(auth.uid(), new.decided_by), 'checklist_update',
    format('%s "%s"', case new.decision when 'approved' then 'Approved' else 'Requested changes on' end, v_item.name),
    jsonb_build_object('item_id', new.item_id, 'decision', new.decision));
  return new;
end $$;
create trigger checklist_approvals_decide before insert on public.checklist_approvals
  for each row execute function private.checklist_decision();

-- Checklist changes show in the deal's activity feed.
create or replace function private.checklist_activity() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if pg_trigger_depth() > 1 then
    return null;  -- copies made while creating a deal, or cascades
  end if;
  if tg_op = 'INSERT' then
    perform private.record_activity(new.deal_id, auth.uid(), 'checklist_update', format('Added checklist item "%s"', new.name),
      jsonb_build_object('item_id', new.id));
  elsif tg_op = 'DELETE' then
    perform private.record_activity(old.deal_id, auth.uid(), 'checklist_update', format('Removed checklist item "%s"', old.name),
      jsonb_build_object('item_id', old.id));
  elsif new.status is distinct from old.status then
    perform private.record_activity(new.deal_id, auth.uid(), 'checklist_update',
      format('Marked "%s" as %s', new.name, replace(new.status, '_', ' ')), jsonb_build_object('item_id', new.id));
  elsif (new.name, new.description, new.required, new.anticipated_file_count, new.category_id)
        is distinct from (old.name, old.description, old.required, old.anticipated_file_count, old.category_id) then
    perform private.record_activity(new.deal_id, auth.uid(), 'checklist_update', format('Updated checklist item "%s"', new.name),
      jsonb_build_object('item_id', new.id));
  end if;
  return null;
end $$;
create trigger checklist_items_activity after insert or update or delete on public.checklist_items
  for each row execute function private.checklist_activity();

-- A new deal gets its own copy of its preset's items, grouped by catalog category (A..H codes).
create or replace function private.copy_preset_to_deal() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_preset uuid;
begin
  if new.checklist_preset is null or lower(new.checklist_preset) = 'blank' then
    return null;
  end if;
  select id into v_preset from public.checklist_presets where lower(name) = lower(new.checklist_preset);
  if v_preset is null then
    return null;
  end if;
  insert into public.checklist_categories (deal_id, name, code, position)
  select new.id, cat.name, split_part(min(ci.code), '.', 1), cat.ord
  from public.preset_items pi
  join public.catalog_items ci on ci.id = pi.catalog_item_id and ci.active
  join unnest(private.catalog_categories()) with ordinality cat(name, ord) on cat.name = ci.category
  where pi.preset_id = v_preset
  group by cat.name, cat.ord;
  insert into public.checklist_items (deal_id, category_id, item_code, name, description, required,
                                      anticipated_file_count, catalog_item_id, requirements, position)
  select new.id, c.id, ci.code, ci.title, ci.description, true,
         case when coalesce((ci.requirements ->> 'multiple_files_expected')::boolean, false) then 2 else 1 end,
         ci.id, ci.requirements,
         coalesce(nullif(split_part(ci.code, '.', 2), ''), '0')::int
  from public.preset_items pi
  join public.catalog_items ci on ci.id = pi.catalog_item_id and ci.active
  join public.checklist_categories c on c.deal_id = new.id and c.name = ci.category
  where pi.preset_id = v_preset;
  return null;
end $$;
create trigger deals_copy_preset after insert on public.deals
  for each row execute function private.copy_preset_to_deal();

-- Policies. Reading the checklist: any active member. Editing: edit_checklist. Decisions: approve.
create policy catalog_items_select on public.catalog_items for select to authenticated
  using (active or (select private.is_super_admin()));
create policy catalog_items_write_insert on public.catalog_items for insert to authenticated
  with check ((select private.is_super_admin()));
create policy catalog_items_write_update on public.catalog_items for update to authenticated
  using ((select private.is_super_admin())) with check ((select private.is_super_admin()));
create policy catalog_items_write_delete on public.catalog_items for delete to authenticated
  using ((select private.is_super_admin()));
create policy preset_items_select on public.preset_items for select to authenticated using (true);
create policy preset_items_write_insert on public.preset_items for insert to authenticated
  with check ((select private.is_super_admin()));
create policy preset_items_write_update on public.preset_items for update to authenticated
  using ((select private.is_super_admin())) with check ((select private.is_super_admin()));
create policy preset_items_write_delete on public.preset_items for delete to authenticated
  using ((select private.is_super_admin()));

create policy checklist_categories_select on public.checklist_categories for select to authenticated
  using (deal_id in (select private.my_deal_ids()));
create policy checklist_categories_write_insert on public.checklist_categories for insert to authenticated
  with check (private.has_capability(deal_id, 'edit_checklist'));
create policy checklist_categories_write_update on public.checklist_categories for update to authenticated
  using (private.has_capability(deal_id, 'edit_checklist')) with check (private.has_capability(deal_id, 'edit_checklist'));
create policy checklist_categories_write_delete on public.checklist_categories for delete to authenticated
  using (private.has_capability(deal_id, 'edit_checklist'));

create policy checklist_items_select on public.checklist_items for select to authenticated
  using (deal_id in (select private.my_deal_ids()));
create policy checklist_items_insert on public.checklist_items for insert to authenticated
  with check (private.has_capability(deal_id, 'edit_checklist'));
-- Status and details need edit_checklist; approval moves only through checklist_approvals (approve).
create policy checklist_items_update on public.checklist_items for update to authenticated
  using (private.has_capability(deal_id, 'edit_checklist')) with check (private.has_capability(deal_id, 'edit_checklist'));
create policy checklist_items_delete on public.checklist_items for delete to authenticated
  using (private.has_capability(deal_id, 'edit_checklist'));
revoke insert, update on public.checklist_items from authenticated;
grant insert (id, deal_id, category_id, item_code, name, description, status, required, anticipated_file_count,
              catalog_item_id, requirements, position) on public.checklist_items to authenticated;
grant update (category_id, item_code, name, description, status, required, anticipated_file_count, requirements, position)
  on public.checklist_items to authenticated;

create policy checklist_approvals_select on public.checklist_approvals for select to authenticated
  using (deal_id in (select private.my_deal_ids()));
create policy checklist_approvals_insert on public.checklist_approvals for insert to authenticated
  with check (private.has_capability(deal_id, 'approve') and decided_by = (select auth.uid()));

revoke all on public.catalog_items, public.preset_items, public.checklist_categories, public.checklist_items,
  public.checklist_approvals from anon;
revoke update, delete on public.checklist_approvals from authenticated;
revoke truncate, trigger, references on all tables in schema public from anon, authenticated;

create trigger catalog_items_audit after insert or update or delete on public.catalog_items
  for each row execute function private.audit_row('catalog_item');

-- Which items a preset holds is part of the preset's history.
create or replace function private.audit_preset_items() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_row public.preset_items := case when tg_op = 'DELETE' then old else new end;
begin
  if tg_op = 'UPDATE' then
    if new.catalog_item_id is not distinct from old.catalog_item_id and new.preset_id is not distinct from old.preset_id then
      return null;  -- only the position changed
    end if;
    insert into public.audit_logs (action, entity_type, entity_id, performed_by, performed_by_email, metadata)
    values ('preset_item_removed', 'preset', old.preset_id, auth.uid(), (select email from public.profiles where id = auth.uid()),
            jsonb_build_object('catalog_item_id', old.catalog_item_id,
                               'catalog_item_code', (select code from public.catalog_items where id = old.catalog_item_id)));
  end if;
  insert into public.audit_logs (action, entity_type, entity_id, performed_by, performed_by_email, metadata)
  values (case tg_op when 'DELETE' then 'preset_item_removed' else 'preset_item_added' end, 'preset', v_row.preset_id,
          auth.uid(), (select email from public.profiles where id = auth.uid()),
          jsonb_build_object('catalog_item_id', v_row.catalog_item_id,
                             'catalog_item_code', (select code from public.catalog_items where id = v_row.catalog_item_id)));
  return null;
end $$;
create trigger preset_items_audit after insert or update or delete on public.preset_items
  for each row execute function private.audit_preset_items();

-- A removed item leaves no dangling link on any file, whoever removed it and whatever files they can see.
create or replace function private.unlink_removed_item() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_claims text := current_setting('request.jwt.claims', true);
begin
  -- The item's removal is the authority here, not the caller's right to edit each file.
  perform set_config('request.jwt.claims', '', true);
  update public.files set checklist_items = array_remove(checklist_items, old.id)
  where deal_id = old.deal_id and old.id = any (checklist_items);
  perform set_config('request.jwt.claims', coalesce(v_claims, ''), true);
  return null;
end $$;
create trigger checklist_items_unlink after delete on public.checklist_items
  for each row execute function private.unlink_removed_item();

-- Sending new files for an item that came back with changes requested puts it up for review again.
create or replace function private.resubmit_items() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.upload_state = 'ready' then
    update public.checklist_items i set approval_status = 'pending'
    where i.deal_id = new.deal_id and i.approval_status = 'changes_requested'
      and i.id = any (new.checklist_items)
      and (tg_op = 'INSERT' or old.upload_state <> 'ready' or not i.id = any (old.checklist_items)
           or new.current_version > old.current_version);
  end if;
  return null;
end $$;
create trigger files_resubmit_items after insert or update of checklist_items, upload_state, current_version on public.files
  for each row execute function private.resubmit_items();
