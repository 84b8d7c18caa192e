-- Accounts without an e-mail (anonymous or phone sign-ups on the same Supabase project) get no
-- profile: profiles are how deal members are found and invited, which takes an address. Failing here
-- would fail GoTrue's own sign-up transaction. When such an account later gains an address, the
-- update trigger creates its profile.
create or replace function private.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
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
