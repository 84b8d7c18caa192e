-- Accounts without an e-mail (anonymous or phone sign-ups on the same Supabase project) must not
-- break GoTrue's sign-up: they get no profile until they gain an address.
begin;
create extension if not exists pgtap with schema extensions;
select plan(5);

select lives_ok($$insert into auth.users (id, email, is_anonymous) values ('05000000-0000-0000-0000-000000000001', null, true)$$,
  'an anonymous sign-up (no e-mail) is not refused by the profile trigger');
select is_empty($$select 1 from public.profiles where id = '05000000-0000-0000-0000-000000000001'$$,
  'an account without an e-mail gets no profile');
select lives_ok($$insert into auth.users (id, email) values ('05000000-0000-0000-0000-000000000002', '')$$,
  'an empty e-mail is treated as none');
select lives_ok($$update auth.users set email = 'Later@Signups05.test', is_anonymous = false where id = '05000000-0000-0000-0000-000000000001'$$,
  'the anonymous account later gains an address');
select results_eq($$select email from public.profiles where id = '05000000-0000-0000-0000-000000000001'$$,
  $$values ('later@signups05.test'::text)$$, 'and then gets its profile, the address lower-cased');

select * from finish();
rollback;
