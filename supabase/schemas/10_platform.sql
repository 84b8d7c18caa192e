-- Platform: profiles (one per account, kept from auth.users by a trigger), super admins, the mail
-- outbox and magic links; the text checks every free-text column uses.

set check_function_bodies = false;

-- Tables

CREATE TABLE public.profiles (
    id uuid NOT NULL,
    email text NOT NULL,
    first_name text DEFAULT ''::text NOT NULL,
    last_name text DEFAULT ''::text NOT NULL,
    title text DEFAULT ''::text NOT NULL,
    preferred_color text DEFAULT '#3B82F6'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_active_at timestamp with time zone,
    CONSTRAINT profiles_first_name_check CHECK ((length(first_name) <= 100)),
    CONSTRAINT profiles_last_name_check CHECK ((length(last_name) <= 100)),
    CONSTRAINT profiles_preferred_color_check CHECK ((preferred_color ~ '^#[0-9A-Fa-f]{6}$'::text)),
    CONSTRAINT profiles_title_check CHECK ((length(title) <= 100))
);

CREATE TABLE private.magic_links (
    token_hash text NOT NULL,
    email text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone,
    purpose text DEFAULT 'sign_in'::text NOT NULL,
    user_id uuid,
    CONSTRAINT magic_links_purpose_check CHECK ((purpose = ANY (ARRAY['sign_in'::text, 'confirm'::text])))
);

CREATE TABLE private.mail_outbox (
    id bigint NOT NULL,
    to_email text NOT NULL,
    subject text NOT NULL,
    body text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.platform_admins (
    user_id uuid NOT NULL,
    granted_at timestamp with time zone DEFAULT now() NOT NULL,
    granted_by uuid
);

ALTER TABLE ONLY private.magic_links
    ADD CONSTRAINT magic_links_pkey PRIMARY KEY (token_hash);

ALTER TABLE ONLY private.mail_outbox
    ADD CONSTRAINT mail_outbox_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.platform_admins
    ADD CONSTRAINT platform_admins_pkey PRIMARY KEY (user_id);

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_pkey PRIMARY KEY (id);

ALTER TABLE private.mail_outbox ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.mail_outbox_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.magic_links
    ADD CONSTRAINT magic_links_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.platform_admins
    ADD CONSTRAINT platform_admins_granted_by_fkey FOREIGN KEY (granted_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.platform_admins
    ADD CONSTRAINT platform_admins_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_id_fkey FOREIGN KEY (id) REFERENCES auth.users(id) ON DELETE CASCADE;

-- Indexes

CREATE INDEX profiles_email_idx ON public.profiles USING btree (lower(email));

-- Helpers

CREATE FUNCTION private.clean_texts() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

CREATE FUNCTION private.handle_new_user() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.email is null or btrim(new.email) = '' then
    return new;
  end if;
  insert into public.profiles (id, email, first_name, last_name)
  values (new.id, lower(new.email),
          coalesce(new.raw_user_meta_data ->> 'first_name', ''),
          coalesce(new.raw_user_meta_data ->> 'last_name', ''))
  on conflict (id) do update set email = excluded.email;
  return new;
end $$;

CREATE FUNCTION private.is_super_admin() RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
begin
  return exists (select 1 from public.platform_admins where user_id = auth.uid())
     and (private.session_is_aal2() or not private.has_verified_factor(auth.uid()));
end $$;

CREATE FUNCTION private.unsafe_text(p_value text, p_multiline boolean) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  select case when p_multiline
    then p_value ~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]'
    else p_value ~ '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]'
  end $$;

GRANT ALL ON FUNCTION private.handle_new_user() TO authenticated;
GRANT ALL ON FUNCTION private.handle_new_user() TO service_role;

GRANT ALL ON FUNCTION private.is_super_admin() TO authenticated;
GRANT ALL ON FUNCTION private.is_super_admin() TO service_role;

-- Triggers

CREATE TRIGGER aa_clean_texts BEFORE INSERT OR UPDATE OF first_name, last_name, title ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.clean_texts('first_name:first name:strip', 'last_name:last name:strip', 'title:title:strip');

CREATE TRIGGER on_auth_user_created AFTER INSERT OR UPDATE OF email ON auth.users FOR EACH ROW EXECUTE FUNCTION private.handle_new_user();

-- Row-level security and policies

ALTER TABLE private.magic_links ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.mail_outbox ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.platform_admins ENABLE ROW LEVEL SECURITY;

CREATE POLICY platform_admins_select ON public.platform_admins FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_super_admin() AS is_super_admin)));

ALTER TABLE public.profiles ENABLE ROW LEVEL SECURITY;

CREATE POLICY profiles_update ON public.profiles FOR UPDATE TO authenticated USING ((id = ( SELECT auth.uid() AS uid))) WITH CHECK ((id = ( SELECT auth.uid() AS uid)));

-- Grants

GRANT SELECT ON TABLE public.platform_admins TO authenticated;

GRANT SELECT ON TABLE public.profiles TO authenticated;

GRANT UPDATE(first_name) ON TABLE public.profiles TO authenticated;

GRANT UPDATE(last_name) ON TABLE public.profiles TO authenticated;

GRANT UPDATE(title) ON TABLE public.profiles TO authenticated;

GRANT UPDATE(preferred_color) ON TABLE public.profiles TO authenticated;
