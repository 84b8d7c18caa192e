-- A password set before its address was proved (docs/decisions.md decision 30): the update that
-- confirms the address marks the account unless the registrant proved it is theirs; a marked account
-- reaches no deal through any policy, whatever its membership; the API's helpers read and lift the mark.
begin;
create extension if not exists pgtap with schema extensions;
select plan(14);

select tests.create_actors('36', 'unproved36', array['owner', 'taken', 'honest', 'linkonly']);
update auth.users set encrypted_password = extensions.crypt(p, extensions.gen_salt('bf', 4))
from (values ('36000000-0000-0000-0000-000000000001'::uuid, 'owner-pass'), ('36000000-0000-0000-0000-000000000002', 'attacker'),
             ('36000000-0000-0000-0000-000000000003', 'mine')) m(u, p)
where id = m.u;
update auth.users set email_confirmed_at = now() where id = '36000000-0000-0000-0000-000000000001';
-- An account confirmed before it had a password (the owner's) is not concerned.
delete from private.unproved_passwords where user_id = '36000000-0000-0000-0000-000000000001';
select tests.create_deal('Unproved36 deal', '36000000-0000-0000-0000-000000000001', '36000000-0000-0000-0000-0000000000a1');
select tests.add_member('36000000-0000-0000-0000-0000000000a1', '36000000-0000-0000-0000-000000000002', 'contributor');

-- ---------------------------------------------------------------- marking
select is(private.has_unproved_password('36000000-0000-0000-0000-000000000002'), false,
  'an unconfirmed account with a password is not marked before its address is proved');
update auth.users set email_confirmed_at = now() where id = '36000000-0000-0000-0000-000000000002';
select is(private.has_unproved_password('36000000-0000-0000-0000-000000000002'), true,
  'proving the address of an account whose password came first marks it (GoTrue''s own verify included)');

do $$ begin perform set_config('dataroom.registrant_proved', '36000000-0000-0000-0000-000000000002', true); end $$;
update auth.users set email_confirmed_at = now() where id = '36000000-0000-0000-0000-000000000003';
select is(private.has_unproved_password('36000000-0000-0000-0000-000000000003'), true,
  'the registrant''s proof is for one account only: another account confirmed in its transaction is marked');
delete from private.unproved_passwords where user_id = '36000000-0000-0000-0000-000000000003';
update auth.users set email_confirmed_at = null where id = '36000000-0000-0000-0000-000000000003';
do $$ begin perform set_config('dataroom.registrant_proved', '36000000-0000-0000-0000-000000000003', true); end $$;
update auth.users set email_confirmed_at = now() where id = '36000000-0000-0000-0000-000000000003';
select is(private.has_unproved_password('36000000-0000-0000-0000-000000000003'), false,
  'confirmed by its proved registrant: not marked');
do $$ begin perform set_config('dataroom.registrant_proved', '', true); end $$;

update auth.users set email_confirmed_at = now() where id = '36000000-0000-0000-0000-000000000004';
select is(private.has_unproved_password('36000000-0000-0000-0000-000000000004'), false,
  'an account without a password is not marked when its address is proved');
update auth.users set email_confirmed_at = now() where id = '36000000-0000-0000-0000-000000000001';
select is(private.has_unproved_password('36000000-0000-0000-0000-000000000001'), false,
  'an address confirmed already is not proved again');

-- ---------------------------------------------------------------- what a marked account reaches
select tests.as_user('36000000-0000-0000-0000-000000000002');
select is((select count(*)::int from public.deals where id = '36000000-0000-0000-0000-0000000000a1'), 0,
  'a marked member sees none of its deals');
select is(private.is_deal_member('36000000-0000-0000-0000-0000000000a1'), false, 'and is a member of none for any policy');
select is(private.member_capabilities('36000000-0000-0000-0000-0000000000a1', '36000000-0000-0000-0000-000000000002'), '{}'::text[],
  'and holds no capability there');
select throws_ok($$select private.take_unproved_password('36000000-0000-0000-0000-000000000002')$$, '42501', null,
  'a marked person cannot lift their own mark');
select is(private.password_is_set('36000000-0000-0000-0000-000000000001'), null,
  'whether someone else has a password is not for another person to learn');

select tests.as_server();
select is(private.take_unproved_password('36000000-0000-0000-0000-000000000002'), true, 'the server lifts the mark once');
select is(private.take_unproved_password('36000000-0000-0000-0000-000000000002'), false, 'and finds nothing the second time');
select tests.as_user('36000000-0000-0000-0000-000000000002');
select is((select count(*)::int from public.deals where id = '36000000-0000-0000-0000-0000000000a1'), 1,
  'with the mark lifted (its password cleared by the API) the member sees the deal again');

select * from finish();
rollback;
