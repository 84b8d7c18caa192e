-- Reference data and a demo deal. Run once on a fresh database: by `npm start` on its first
-- start, and by `supabase db reset` on Supabase. Idempotent.

insert into public.checklist_presets (name, description, is_default) values
  ('Default', 'The core due-diligence request list for a typical acquisition', true),
  ('Blank', 'Start with an empty checklist and build your own', false)
on conflict do nothing;

do $$
declare
  v_email text := lower(coalesce(nullif(current_setting('app.seed_admin_email', true), ''), 'admin@example.com'));
  v_admin uuid;
  v_deal uuid;
begin
  select id into v_admin from auth.users where lower(email) = v_email;
  -- On Supabase (`supabase db reset`) nobody has registered yet: create the demo super admin.
  if v_admin is null then
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                            raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
    values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
            v_email, crypt('admin-password', gen_salt('bf', 10)), now(),
            '{"provider":"email","providers":["email"]}', '{}', now(), now())
    returning id into v_admin;
    if to_regclass('auth.identities') is not null then
      execute 'insert into auth.identities (id, user_id, provider_id, identity_data, provider, created_at, updated_at)
               values (gen_random_uuid(), $1, $1::text, jsonb_build_object(''sub'', $1::text, ''email'', $2), ''email'', now(), now())'
        using v_admin, v_email;
    end if;
  end if;

  insert into public.platform_admins (user_id) values (v_admin) on conflict do nothing;
  update public.profiles set first_name = 'Alex', last_name = 'Morgan', title = 'Platform Administrator'
   where id = v_admin and first_name = '' and last_name = '';

  if not exists (select 1 from public.deals where owner_id = v_admin) then
    insert into public.deals (name, description, owner_id, checklist_preset)
    values ('Project Atlas',
            'Acquisition of Atlas Robotics GmbH: share purchase, buy-side due diligence.',
            v_admin, 'default')
    returning id into v_deal;
  end if;
end $$;
