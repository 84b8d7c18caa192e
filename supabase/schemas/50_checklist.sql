-- Checklists: presets and their items, the catalogue, a deal's categories, items and approvals; the
-- triggers that copy a preset into a new deal and unlink removed files.

set check_function_bodies = false;

-- Functions the tables' constraints and defaults call

CREATE FUNCTION private.catalog_categories() RETURNS text[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select array['Corporate Documents', 'Financial Information', 'Tax Matters', 'Commercial Contracts',
               'HR/Employment', 'IP/Tech', 'Privacy & Compliance', 'Real Estate/Insurance']
$$;

-- Tables

CREATE TABLE public.checklist_presets (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    is_default boolean DEFAULT false NOT NULL,
    active boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT checklist_presets_name_check CHECK (((length(btrim(name)) >= 1) AND (length(btrim(name)) <= 100)))
);

CREATE TABLE public.catalog_items (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    code text NOT NULL,
    title text NOT NULL,
    description text NOT NULL,
    category text NOT NULL,
    subcategory text,
    version integer DEFAULT 1 NOT NULL,
    active boolean DEFAULT true NOT NULL,
    requirements jsonb DEFAULT '{}'::jsonb NOT NULL,
    ai_checks jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT catalog_items_category_check CHECK ((category = ANY (private.catalog_categories()))),
    CONSTRAINT catalog_items_code_check CHECK ((code ~ '^[A-Z]{1,3}\.[0-9]{1,3}$'::text)),
    CONSTRAINT catalog_items_description_check CHECK (((length(btrim(description)) >= 1) AND (length(btrim(description)) <= 5000))),
    CONSTRAINT catalog_items_subcategory_check CHECK ((length(subcategory) <= 200)),
    CONSTRAINT catalog_items_title_check CHECK (((length(btrim(title)) >= 1) AND (length(btrim(title)) <= 300))),
    CONSTRAINT catalog_items_version_check CHECK ((version >= 1))
);

CREATE TABLE public.checklist_approvals (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    item_id uuid NOT NULL,
    deal_id uuid NOT NULL,
    decision text NOT NULL,
    note text,
    decided_by uuid,
    decided_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT checklist_approvals_decision_check CHECK ((decision = ANY (ARRAY['approved'::text, 'changes_requested'::text]))),
    CONSTRAINT checklist_approvals_note_check CHECK ((length(note) <= 2000))
);

CREATE TABLE public.checklist_categories (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    deal_id uuid NOT NULL,
    name text NOT NULL,
    code text,
    "position" integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT checklist_categories_code_check CHECK (((code IS NULL) OR ((length(code) >= 1) AND (length(code) <= 3)))),
    CONSTRAINT checklist_categories_name_check CHECK (((length(btrim(name)) >= 1) AND (length(btrim(name)) <= 200)))
);

CREATE TABLE public.checklist_items (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    deal_id uuid NOT NULL,
    category_id uuid NOT NULL,
    item_code text,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    status text DEFAULT 'in_progress'::text NOT NULL,
    required boolean DEFAULT true NOT NULL,
    anticipated_file_count integer DEFAULT 1 NOT NULL,
    approval_status text DEFAULT 'pending'::text NOT NULL,
    catalog_item_id uuid,
    requirements jsonb DEFAULT '{}'::jsonb NOT NULL,
    "position" integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT checklist_items_anticipated_file_count_check CHECK ((anticipated_file_count >= 0)),
    CONSTRAINT checklist_items_approval_status_check CHECK ((approval_status = ANY (ARRAY['pending'::text, 'approved'::text, 'changes_requested'::text]))),
    CONSTRAINT checklist_items_description_check CHECK ((length(description) <= 5000)),
    CONSTRAINT checklist_items_item_code_check CHECK ((length(item_code) <= 20)),
    CONSTRAINT checklist_items_name_check CHECK (((length(btrim(name)) >= 1) AND (length(btrim(name)) <= 300))),
    CONSTRAINT checklist_items_status_check CHECK ((status = ANY (ARRAY['in_progress'::text, 'provided'::text, 'not_applicable'::text])))
);

CREATE TABLE public.preset_items (
    preset_id uuid NOT NULL,
    catalog_item_id uuid NOT NULL,
    "position" integer DEFAULT 0 NOT NULL
);

ALTER TABLE ONLY public.catalog_items
    ADD CONSTRAINT catalog_items_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.checklist_approvals
    ADD CONSTRAINT checklist_approvals_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.checklist_categories
    ADD CONSTRAINT checklist_categories_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.checklist_items
    ADD CONSTRAINT checklist_items_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.checklist_presets
    ADD CONSTRAINT checklist_presets_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.preset_items
    ADD CONSTRAINT preset_items_pkey PRIMARY KEY (preset_id, catalog_item_id);

ALTER TABLE ONLY public.checklist_approvals
    ADD CONSTRAINT checklist_approvals_deal_id_fkey FOREIGN KEY (deal_id) REFERENCES public.deals(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.checklist_approvals
    ADD CONSTRAINT checklist_approvals_decided_by_fkey FOREIGN KEY (decided_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.checklist_approvals
    ADD CONSTRAINT checklist_approvals_item_id_fkey FOREIGN KEY (item_id) REFERENCES public.checklist_items(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.checklist_categories
    ADD CONSTRAINT checklist_categories_deal_id_fkey FOREIGN KEY (deal_id) REFERENCES public.deals(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.checklist_items
    ADD CONSTRAINT checklist_items_catalog_item_id_fkey FOREIGN KEY (catalog_item_id) REFERENCES public.catalog_items(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.checklist_items
    ADD CONSTRAINT checklist_items_category_id_fkey FOREIGN KEY (category_id) REFERENCES public.checklist_categories(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.checklist_items
    ADD CONSTRAINT checklist_items_deal_id_fkey FOREIGN KEY (deal_id) REFERENCES public.deals(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.preset_items
    ADD CONSTRAINT preset_items_catalog_item_id_fkey FOREIGN KEY (catalog_item_id) REFERENCES public.catalog_items(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.preset_items
    ADD CONSTRAINT preset_items_preset_id_fkey FOREIGN KEY (preset_id) REFERENCES public.checklist_presets(id) ON DELETE CASCADE;

-- Indexes

CREATE INDEX catalog_items_category ON public.catalog_items USING btree (category, code);

CREATE UNIQUE INDEX catalog_items_code ON public.catalog_items USING btree (code);

CREATE INDEX checklist_approvals_item ON public.checklist_approvals USING btree (item_id, decided_at DESC);

CREATE UNIQUE INDEX checklist_categories_name ON public.checklist_categories USING btree (deal_id, lower(name));

CREATE INDEX checklist_items_deal ON public.checklist_items USING btree (deal_id, category_id, "position");

CREATE UNIQUE INDEX checklist_presets_name_key ON public.checklist_presets USING btree (lower(name));

CREATE UNIQUE INDEX checklist_presets_one_default ON public.checklist_presets USING btree ((true)) WHERE is_default;

CREATE INDEX preset_items_item ON public.preset_items USING btree (catalog_item_id);

-- Helpers

CREATE FUNCTION private.audit_preset_items() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

CREATE FUNCTION private.checklist_activity() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

CREATE FUNCTION private.checklist_decision() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

CREATE FUNCTION private.checklist_item_matches_deal() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not exists (select 1 from public.checklist_categories c where c.id = new.category_id and c.deal_id = new.deal_id) then
    raise exception 'The category belongs to another deal' using errcode = 'P0001';
  end if;
  new.updated_at := now();
  return new;
end $$;

CREATE FUNCTION private.copy_preset_to_deal() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

CREATE FUNCTION private.one_default_preset() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if (select count(*) from public.checklist_presets where is_default) <> 1 then
    raise exception 'Exactly one checklist preset must be the default' using errcode = 'P0001';
  end if;
  return null;
end $$;

CREATE FUNCTION private.resubmit_items() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

CREATE FUNCTION private.unlink_removed_item() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

-- Triggers

CREATE TRIGGER a_archived_read_only BEFORE INSERT OR DELETE OR UPDATE ON public.checklist_approvals FOR EACH ROW EXECUTE FUNCTION private.refuse_archived_deal();

CREATE TRIGGER a_archived_read_only BEFORE INSERT OR DELETE OR UPDATE ON public.checklist_categories FOR EACH ROW EXECUTE FUNCTION private.refuse_archived_deal();

CREATE TRIGGER a_archived_read_only BEFORE INSERT OR DELETE OR UPDATE ON public.checklist_items FOR EACH ROW EXECUTE FUNCTION private.refuse_archived_deal();

CREATE TRIGGER aa_clean_texts BEFORE INSERT OR UPDATE OF title, category, subcategory, description ON public.catalog_items FOR EACH ROW EXECUTE FUNCTION private.clean_texts('title:catalog item title:line', 'category:category:line', 'subcategory:subcategory:line', 'description:catalog item description:multi');

CREATE TRIGGER aa_clean_texts BEFORE INSERT OR UPDATE OF note ON public.checklist_approvals FOR EACH ROW EXECUTE FUNCTION private.clean_texts('note:note:multi');

CREATE TRIGGER aa_clean_texts BEFORE INSERT OR UPDATE OF name ON public.checklist_categories FOR EACH ROW EXECUTE FUNCTION private.clean_texts('name:category name:line');

CREATE TRIGGER aa_clean_texts BEFORE INSERT OR UPDATE OF name, description ON public.checklist_items FOR EACH ROW EXECUTE FUNCTION private.clean_texts('name:item name:line', 'description:item description:multi');

CREATE TRIGGER aa_clean_texts BEFORE INSERT OR UPDATE OF name, description ON public.checklist_presets FOR EACH ROW EXECUTE FUNCTION private.clean_texts('name:preset name:line', 'description:preset description:multi');

CREATE TRIGGER checklist_approvals_decide BEFORE INSERT ON public.checklist_approvals FOR EACH ROW EXECUTE FUNCTION private.checklist_decision();

CREATE TRIGGER checklist_items_activity AFTER INSERT OR DELETE OR UPDATE ON public.checklist_items FOR EACH ROW EXECUTE FUNCTION private.checklist_activity();

CREATE TRIGGER checklist_items_deal BEFORE INSERT OR UPDATE ON public.checklist_items FOR EACH ROW EXECUTE FUNCTION private.checklist_item_matches_deal();

CREATE TRIGGER checklist_items_unlink AFTER DELETE ON public.checklist_items FOR EACH ROW EXECUTE FUNCTION private.unlink_removed_item();

CREATE CONSTRAINT TRIGGER checklist_presets_one_default AFTER INSERT OR DELETE OR UPDATE ON public.checklist_presets DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION private.one_default_preset();

CREATE TRIGGER deals_copy_preset AFTER INSERT ON public.deals FOR EACH ROW EXECUTE FUNCTION private.copy_preset_to_deal();

CREATE TRIGGER files_resubmit_items AFTER INSERT OR UPDATE OF checklist_items, upload_state, current_version ON public.files FOR EACH ROW EXECUTE FUNCTION private.resubmit_items();

CREATE TRIGGER preset_items_audit AFTER INSERT OR DELETE OR UPDATE ON public.preset_items FOR EACH ROW EXECUTE FUNCTION private.audit_preset_items();

-- Row-level security and policies

ALTER TABLE public.catalog_items ENABLE ROW LEVEL SECURITY;

CREATE POLICY catalog_items_select ON public.catalog_items FOR SELECT TO authenticated USING ((active OR ( SELECT private.is_super_admin() AS is_super_admin)));

CREATE POLICY catalog_items_write_delete ON public.catalog_items FOR DELETE TO authenticated USING (( SELECT private.is_super_admin() AS is_super_admin));

CREATE POLICY catalog_items_write_insert ON public.catalog_items FOR INSERT TO authenticated WITH CHECK (( SELECT private.is_super_admin() AS is_super_admin));

CREATE POLICY catalog_items_write_update ON public.catalog_items FOR UPDATE TO authenticated USING (( SELECT private.is_super_admin() AS is_super_admin)) WITH CHECK (( SELECT private.is_super_admin() AS is_super_admin));

ALTER TABLE public.checklist_approvals ENABLE ROW LEVEL SECURITY;

CREATE POLICY checklist_approvals_insert ON public.checklist_approvals FOR INSERT TO authenticated WITH CHECK ((private.has_capability(deal_id, 'approve'::text) AND (decided_by = ( SELECT auth.uid() AS uid))));

CREATE POLICY checklist_approvals_select ON public.checklist_approvals FOR SELECT TO authenticated USING ((deal_id IN ( SELECT private.my_deal_ids() AS my_deal_ids)));

ALTER TABLE public.checklist_categories ENABLE ROW LEVEL SECURITY;

CREATE POLICY checklist_categories_select ON public.checklist_categories FOR SELECT TO authenticated USING ((deal_id IN ( SELECT private.my_deal_ids() AS my_deal_ids)));

CREATE POLICY checklist_categories_write_delete ON public.checklist_categories FOR DELETE TO authenticated USING (private.has_capability(deal_id, 'edit_checklist'::text));

CREATE POLICY checklist_categories_write_insert ON public.checklist_categories FOR INSERT TO authenticated WITH CHECK (private.has_capability(deal_id, 'edit_checklist'::text));

CREATE POLICY checklist_categories_write_update ON public.checklist_categories FOR UPDATE TO authenticated USING (private.has_capability(deal_id, 'edit_checklist'::text)) WITH CHECK (private.has_capability(deal_id, 'edit_checklist'::text));

ALTER TABLE public.checklist_items ENABLE ROW LEVEL SECURITY;

CREATE POLICY checklist_items_delete ON public.checklist_items FOR DELETE TO authenticated USING (private.has_capability(deal_id, 'edit_checklist'::text));

CREATE POLICY checklist_items_insert ON public.checklist_items FOR INSERT TO authenticated WITH CHECK (private.has_capability(deal_id, 'edit_checklist'::text));

CREATE POLICY checklist_items_select ON public.checklist_items FOR SELECT TO authenticated USING ((deal_id IN ( SELECT private.my_deal_ids() AS my_deal_ids)));

CREATE POLICY checklist_items_update ON public.checklist_items FOR UPDATE TO authenticated USING (private.has_capability(deal_id, 'edit_checklist'::text)) WITH CHECK (private.has_capability(deal_id, 'edit_checklist'::text));

ALTER TABLE public.checklist_presets ENABLE ROW LEVEL SECURITY;

CREATE POLICY checklist_presets_select ON public.checklist_presets FOR SELECT TO authenticated USING ((active OR ( SELECT private.is_super_admin() AS is_super_admin)));

CREATE POLICY checklist_presets_write_delete ON public.checklist_presets FOR DELETE TO authenticated USING (( SELECT private.is_super_admin() AS is_super_admin));

CREATE POLICY checklist_presets_write_insert ON public.checklist_presets FOR INSERT TO authenticated WITH CHECK (( SELECT private.is_super_admin() AS is_super_admin));

CREATE POLICY checklist_presets_write_update ON public.checklist_presets FOR UPDATE TO authenticated USING (( SELECT private.is_super_admin() AS is_super_admin)) WITH CHECK (( SELECT private.is_super_admin() AS is_super_admin));

ALTER TABLE public.preset_items ENABLE ROW LEVEL SECURITY;

CREATE POLICY preset_items_select ON public.preset_items FOR SELECT TO authenticated USING (true);

CREATE POLICY preset_items_write_delete ON public.preset_items FOR DELETE TO authenticated USING (( SELECT private.is_super_admin() AS is_super_admin));

CREATE POLICY preset_items_write_insert ON public.preset_items FOR INSERT TO authenticated WITH CHECK (( SELECT private.is_super_admin() AS is_super_admin));

-- Grants

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.catalog_items TO authenticated;

GRANT SELECT,INSERT ON TABLE public.checklist_approvals TO authenticated;

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.checklist_categories TO authenticated;

GRANT SELECT,DELETE ON TABLE public.checklist_items TO authenticated;

GRANT INSERT(id) ON TABLE public.checklist_items TO authenticated;

GRANT INSERT(deal_id) ON TABLE public.checklist_items TO authenticated;

GRANT INSERT(category_id),UPDATE(category_id) ON TABLE public.checklist_items TO authenticated;

GRANT INSERT(item_code),UPDATE(item_code) ON TABLE public.checklist_items TO authenticated;

GRANT INSERT(name),UPDATE(name) ON TABLE public.checklist_items TO authenticated;

GRANT INSERT(description),UPDATE(description) ON TABLE public.checklist_items TO authenticated;

GRANT INSERT(status),UPDATE(status) ON TABLE public.checklist_items TO authenticated;

GRANT INSERT(required),UPDATE(required) ON TABLE public.checklist_items TO authenticated;

GRANT INSERT(anticipated_file_count),UPDATE(anticipated_file_count) ON TABLE public.checklist_items TO authenticated;

GRANT INSERT(catalog_item_id) ON TABLE public.checklist_items TO authenticated;

GRANT INSERT(requirements),UPDATE(requirements) ON TABLE public.checklist_items TO authenticated;

GRANT INSERT("position"),UPDATE("position") ON TABLE public.checklist_items TO authenticated;

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.checklist_presets TO authenticated;

GRANT SELECT,INSERT,DELETE ON TABLE public.preset_items TO authenticated;
