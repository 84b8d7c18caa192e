-- "Watermark downloads" (docs/decisions.md decision 44): off by default, changed by deal admins only
-- (the deals_update policy; no other role or capability, managers included), never in an archived
-- deal, and carried by the deal scope every deal-scoped request starts with.
-- Actors (prefix 44000000-0000-0000-0000-0000000000NN):
--   01 owner   02 co-admin   03 manager (custom set {view, manage_users})   04 banker (edit)   05 viewer
-- Deals ...a1 "Watermark44" and ...a2 "Watermark44 archived".
begin;
create extension if not exists pgtap with schema extensions;
select plan(13);

select tests.create_actors('44', 'wm44', array['owner', 'coadmin', 'manager', 'banker', 'viewer']);
select tests.create_deal('Watermark44', '44000000-0000-0000-0000-000000000001', '44000000-0000-0000-0000-0000000000a1');
select tests.create_deal('Watermark44 archived', '44000000-0000-0000-0000-000000000001', '44000000-0000-0000-0000-0000000000a2');
insert into public.permission_sets (id, deal_id, name, capabilities) values
  ('44000000-0000-0000-0000-0000000005a1', '44000000-0000-0000-0000-0000000000a1', 'managers', '{view,manage_users}');
select tests.add_member('44000000-0000-0000-0000-0000000000a1', '44000000-0000-0000-0000-000000000002', 'admin');
select tests.add_member('44000000-0000-0000-0000-0000000000a1', '44000000-0000-0000-0000-000000000003', 'member', 'active',
  '44000000-0000-0000-0000-0000000005a1');
select tests.add_member('44000000-0000-0000-0000-0000000000a1', '44000000-0000-0000-0000-000000000004', 'contributor');
select tests.add_member('44000000-0000-0000-0000-0000000000a1', '44000000-0000-0000-0000-000000000005', 'viewer');
update public.deals set archived_at = now() where id = '44000000-0000-0000-0000-0000000000a2';

create function pg_temp.setting() returns boolean language sql security definer as $$
  select watermark_downloads from public.deals where id = '44000000-0000-0000-0000-0000000000a1'
$$;
grant execute on function pg_temp.setting() to authenticated;

select is(pg_temp.setting(), false, 'off by default');

select tests.as_user('viewer@wm44.test');
select is((select watermark_downloads from private.deal_scope('44000000-0000-0000-0000-0000000000a1')), false,
  'the deal scope carries it to every member');
select tests.is_empty_as(actor || '@wm44.test',
  $$update public.deals set watermark_downloads = true where id = '44000000-0000-0000-0000-0000000000a1' returning 1$$, description)
from (values ('viewer', 'a viewer cannot turn it on'), ('banker', 'a contributor cannot'),
             ('manager', 'a manager of people who is not an admin cannot')) v(actor, description);
select tests.as_anon();
select throws_ok($$update public.deals set watermark_downloads = true where id = '44000000-0000-0000-0000-0000000000a1'$$,
  '42501', null, 'anon holds no right to it');
select is(pg_temp.setting(), false, 'still off');

select tests.as_user('coadmin@wm44.test');
select isnt_empty($$update public.deals set watermark_downloads = true where id = '44000000-0000-0000-0000-0000000000a1' returning 1$$,
  'a deal admin turns it on');
select is(pg_temp.setting(), true, 'on');
select is((select watermark_downloads from private.deal_scope('44000000-0000-0000-0000-0000000000a1')), true,
  'the deal scope says so');
select tests.as_user('owner@wm44.test');
select isnt_empty($$update public.deals set watermark_downloads = false where id = '44000000-0000-0000-0000-0000000000a1' returning 1$$,
  'the owner turns it off');
select is(pg_temp.setting(), false, 'off again');
select is_empty($$update public.deals set watermark_downloads = true where id = '44000000-0000-0000-0000-0000000000a2' returning 1$$,
  'no one changes it in an archived deal');

select * from finish();
rollback;
