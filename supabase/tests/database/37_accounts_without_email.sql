-- Accounts without an e-mail address (phone and anonymous sign-ups on a Supabase project) create no
-- deal: the deals insert policy asks private.caller_has_email() (migration 20261202090200). An address
-- not yet confirmed still counts (the embedded platform signs registrants in before they confirm).
-- Actors (prefix 37000000-): ...01 anonymous, ...02 phone, ...03 empty e-mail, ...04 unconfirmed e-mail,
--   ...05 confirmed e-mail.
begin;
create extension if not exists pgtap with schema extensions;
select plan(7);

select tests.create_user(null, '37000000-0000-0000-0000-000000000001');
select tests.create_user(null, '37000000-0000-0000-0000-000000000002');
select tests.create_user(' ', '37000000-0000-0000-0000-000000000003');
select tests.create_user('unconfirmed@noemail37.test', '37000000-0000-0000-0000-000000000004');
select tests.create_user('confirmed@noemail37.test', '37000000-0000-0000-0000-000000000005');
update auth.users set is_anonymous = true where id = '37000000-0000-0000-0000-000000000001';
update auth.users set phone = '15550100037' where id = '37000000-0000-0000-0000-000000000002';
update auth.users set email_confirmed_at = now() where id = '37000000-0000-0000-0000-000000000005';

-- By hand, not tests.create_deal: the insert is the person's own, the one the deals policy decides.
create function pg_temp.create_deal(p_owner text) returns void
language sql as $$
  insert into public.deals (name, owner_id) values ('No e-mail 37', p_owner::uuid)
$$;

select tests.as_user('37000000-0000-0000-0000-000000000001');
select throws_ok($$select pg_temp.create_deal('37000000-0000-0000-0000-000000000001')$$, '42501', null,
  'an anonymous account cannot create a deal');
select is(private.caller_has_email(), false, 'an anonymous account has no address');
select tests.as_user('37000000-0000-0000-0000-000000000002');
select throws_ok($$select pg_temp.create_deal('37000000-0000-0000-0000-000000000002')$$, '42501', null,
  'a phone account cannot create a deal');
select tests.as_user('37000000-0000-0000-0000-000000000003');
select throws_ok($$select pg_temp.create_deal('37000000-0000-0000-0000-000000000003')$$, '42501', null,
  'a blank address is no address');
select tests.as_user('37000000-0000-0000-0000-000000000004');
select lives_ok($$select pg_temp.create_deal('37000000-0000-0000-0000-000000000004')$$,
  'an account whose address is not confirmed yet creates a deal (the embedded registration)');
select tests.as_user('37000000-0000-0000-0000-000000000005');
select lives_ok($$select pg_temp.create_deal('37000000-0000-0000-0000-000000000005')$$, 'a confirmed account creates a deal');
select tests.as_server();
select is((select count(*)::int from public.deals where name = 'No e-mail 37'), 2, 'exactly the two deals with an address were created');

select * from finish();
rollback;
