-- Names and texts shown to other people cannot lie: control characters (C0 but tab and line breaks in
-- multi-line texts, DEL, C1) and bidirectional overrides/isolates (U+202A–U+202E, U+2066–U+2069, which
-- make "evil\u202egnp.exe" read as "evilexe.png") are refused, and every such text is stored in NFC.
-- One trigger function serves every table; its arguments name the columns as 'column:label:kind',
-- kind being `line` (one line), `multi` (line breaks and tabs allowed) or `strip` (remove silently:
-- profiles are written by the auth service's own sign-up, which must not fail on them).

create or replace function private.unsafe_text(p_value text, p_multiline boolean) returns boolean
language sql immutable parallel safe set search_path = '' as $$
  select case when p_multiline
    then p_value ~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]'
    else p_value ~ '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]'
  end $$;

create or replace function private.clean_texts() returns trigger
language plpgsql set search_path = '' as $$
declare
  v_spec text;
  v_column text;
  v_label text;
  v_kind text;
  v_row jsonb := to_jsonb(new);
  v_value text;
  v_clean text;
  v_changes jsonb := '{}'::jsonb;
begin
  foreach v_spec in array tg_argv loop
    v_column := split_part(v_spec, ':', 1);
    v_label := split_part(v_spec, ':', 2);
    v_kind := split_part(v_spec, ':', 3);
    v_value := v_row ->> v_column;
    continue when v_value is null;
    v_clean := normalize(v_value, nfc);
    if v_kind = 'strip' then
      v_clean := regexp_replace(v_clean, '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g');
    elsif private.unsafe_text(v_clean, v_kind = 'multi') then
      raise exception 'The % cannot contain control characters or bidirectional text overrides.', v_label
        using errcode = 'P0001';
    end if;
    if v_clean is distinct from v_value then
      v_changes := v_changes || jsonb_build_object(v_column, v_clean);
    end if;
  end loop;
  if v_changes <> '{}'::jsonb then
    new := jsonb_populate_record(new, v_changes);
  end if;
  return new;
end $$;

-- `aa_` so it runs before the tables' other BEFORE triggers (paths, search text) see the value.
create trigger aa_clean_texts before insert or update of name, description on public.deals
  for each row execute function private.clean_texts('name:deal name:line', 'description:deal description:multi');
create trigger aa_clean_texts before insert or update of name on public.folders
  for each row execute function private.clean_texts('name:folder name:line');
create trigger aa_clean_texts before insert or update of name, formatted_title, approval_note on public.files
  for each row execute function private.clean_texts('name:file name:line', 'formatted_title:file title:line', 'approval_note:approval note:multi');
create trigger aa_clean_texts before insert or update of original_name on public.file_versions
  for each row execute function private.clean_texts('original_name:file name:line');
create trigger aa_clean_texts before insert or update of custom_file_category, quick_summary on public.file_metadata
  for each row execute function private.clean_texts('custom_file_category:file category:line', 'quick_summary:summary:multi');
create trigger aa_clean_texts before insert or update of comment on public.file_comments
  for each row execute function private.clean_texts('comment:comment:multi');
create trigger aa_clean_texts before insert or update of name on public.checklist_categories
  for each row execute function private.clean_texts('name:category name:line');
create trigger aa_clean_texts before insert or update of name, description on public.checklist_items
  for each row execute function private.clean_texts('name:item name:line', 'description:item description:multi');
create trigger aa_clean_texts before insert or update of note on public.checklist_approvals
  for each row execute function private.clean_texts('note:note:multi');
create trigger aa_clean_texts before insert or update of title, category, subcategory, description on public.catalog_items
  for each row execute function private.clean_texts('title:catalog item title:line', 'category:category:line',
                                                    'subcategory:subcategory:line', 'description:catalog item description:multi');
create trigger aa_clean_texts before insert or update of name, description on public.checklist_presets
  for each row execute function private.clean_texts('name:preset name:line', 'description:preset description:multi');
create trigger aa_clean_texts before insert or update of name, description on public.permission_sets
  for each row execute function private.clean_texts('name:permission set name:line', 'description:permission set description:multi');
create trigger aa_clean_texts before insert or update of name, description on public.deal_groups
  for each row execute function private.clean_texts('name:group name:line', 'description:group description:multi');
create trigger aa_clean_texts before insert or update of name on public.deal_tags
  for each row execute function private.clean_texts('name:tag name:line');
create trigger aa_clean_texts before insert or update of company on public.invitations
  for each row execute function private.clean_texts('company:company:line');
create trigger aa_clean_texts before insert or update of company on public.deal_members
  for each row execute function private.clean_texts('company:company:line');
create trigger aa_clean_texts before insert or update of first_name, last_name, title on public.profiles
  for each row execute function private.clean_texts('first_name:first name:strip', 'last_name:last name:strip', 'title:title:strip');
