-- People: invitations (who sees and writes them; a non-admin manager invites only with rights they hold),
-- private.respond_to_invitation and private.my_invitations.
-- Actors (prefix 21000000-0000-0000-0000-0000000000NN, e-mail uNN@people21.test without the leading zero):
--   01 owner of Alpha and of the archived Gamma      02 admin      03 member, set upload_only
--   04 member, set upload_view  05 member, set approve_only  06 member, set edit
--   07 member, Alpha custom set "managers" {view, manage_users}
--   08 member without a set, in "managers-group" (set "managers"): manage_users only through the group
--   09 suspended admin   10 signed-in stranger   11 super admin, member of nothing   12 owner of Beta
--   13 invitee (not a member of anything)   14 decliner (not a member of anything)
--   15, 16 invitees of the grant tests at the end (not members of anything)
-- Deals: Alpha ...a1, Beta ...b2 (owner 12), Gamma ...c3 (owner 01, archived).
-- Sets: Alpha "managers" ...05a1 {view, manage_users}, Alpha "readers" ...05a2 {view}, Beta "beta-set" ...05b1 {view}.
-- Groups: Alpha "managers-group" ...c0a1 (set managers), "plain-group" ...c0a2, "editors" ...c0a3 (system set edit);
-- Beta "beta-group" ...c0b1.
-- Invitations (...00e1..e7):
--   e1 Alpha -> u13, set approve_only, groups {plain-group ...c0a2, Beta's beta-group ...c0b1},
--      tags {buyer ...74a1, Beta's beta-tag ...74b1}, company 'Invitee Co', invited by the owner
--   e2 Beta  -> u13, upload_view, expired            e3 Alpha -> u14, upload_view, invited by the admin
--   e4 Beta  -> someone@people21.test                e5 Alpha -> nobody@people21.test
--   e6 Alpha -> victim@people21.test                 e7 Gamma (archived) -> u13
--   sent by the grant tests at the end: e8 Alpha -> u15 (by 07, readers + managers-group),
--   e9 Alpha -> u16 (by the admin, edit + editors), ea "People21 Own" ...d4 (owned by 07) -> u10 (edit)
begin;
create extension if not exists pgtap with schema extensions;
select plan(142);

-- The capabilities the caller holds in a deal through has_capability, sorted.
create function pg_temp.held(p_deal uuid) returns text[] language sql as $$
  select array(select c from unnest(private.all_capabilities()) c
               where private.has_capability(p_deal, c) order by c collate "C") $$;

-- ---------------------------------------------------------------- fixture, as the table owner (actors of tests.matrix: tests.cast)
-- Accounts whose owners opened their confirmation link (unconfirmed ones: 24_invitations_confirmed.sql).
select tests.cast('21', 'people21', 'managers', '{view,manage_users}', 16);
update auth.users set email_confirmed_at = now() where id::text like '21000000-%';
update public.profiles set first_name = 'Olivia', last_name = 'Owner' where id = '21000000-0000-0000-0000-000000000001';
select tests.create_deal('People21 Gamma', '21000000-0000-0000-0000-000000000001', '21000000-0000-0000-0000-0000000000c3');
update public.deals set archived_at = now() where id = '21000000-0000-0000-0000-0000000000c3';
insert into public.permission_sets (id, deal_id, name, capabilities) values
  ('21000000-0000-0000-0000-0000000005a2', '21000000-0000-0000-0000-0000000000a1', 'readers', '{view}'),
  ('21000000-0000-0000-0000-0000000005b1', '21000000-0000-0000-0000-0000000000b2', 'beta-set', '{view}');
insert into public.deal_groups (id, deal_id, name, permission_set_id) values
  ('21000000-0000-0000-0000-00000000c0a1', '21000000-0000-0000-0000-0000000000a1', 'managers-group', '21000000-0000-0000-0000-0000000005a1'),
  ('21000000-0000-0000-0000-00000000c0a2', '21000000-0000-0000-0000-0000000000a1', 'plain-group', null),
  ('21000000-0000-0000-0000-00000000c0a3', '21000000-0000-0000-0000-0000000000a1', 'editors',
   (select id from public.permission_sets where deal_id is null and name = 'edit')),
  ('21000000-0000-0000-0000-00000000c0b1', '21000000-0000-0000-0000-0000000000b2', 'beta-group', null);
insert into public.deal_group_members (group_id, deal_id, user_id) values
  ('21000000-0000-0000-0000-00000000c0a1', '21000000-0000-0000-0000-0000000000a1', '21000000-0000-0000-0000-000000000008');
insert into public.deal_tags (id, deal_id, name) values
  ('21000000-0000-0000-0000-0000000074a1', '21000000-0000-0000-0000-0000000000a1', 'buyer'),
  ('21000000-0000-0000-0000-0000000074b1', '21000000-0000-0000-0000-0000000000b2', 'beta-tag');
insert into public.invitations (id, deal_id, email, permission_set_id, group_ids, tag_ids, company, invited_by, invited_at, expires_at)
select ('21000000-0000-0000-0000-0000000000' || i)::uuid, ('21000000-0000-0000-0000-0000000000' || d)::uuid, e,
       (select id from public.permission_sets where deal_id is null and name = ps), g::uuid[], t::uuid[], co,
       ('21000000-0000-0000-0000-0000000000' || inv)::uuid, now() + ia, now() + ex
from (values
  ('e1', 'a1', 'u13@people21.test', 'approve_only',
   '{21000000-0000-0000-0000-00000000c0a2,21000000-0000-0000-0000-00000000c0b1}',
   '{21000000-0000-0000-0000-0000000074a1,21000000-0000-0000-0000-0000000074b1}', 'Invitee Co', '01', interval '-1 hour', interval '7 days'),
  ('e2', 'b2', 'u13@people21.test', 'upload_view', '{}', '{}', null, '12', interval '-8 days', interval '-1 day'),
  ('e3', 'a1', 'u14@people21.test', 'upload_view', '{}', '{}', null, '02', interval '-1 hour', interval '7 days'),
  ('e4', 'b2', 'someone@people21.test', 'upload_view', '{}', '{}', null, '12', interval '-1 hour', interval '7 days'),
  ('e5', 'a1', 'nobody@people21.test', 'upload_view', '{}', '{}', null, '02', interval '-1 hour', interval '7 days'),
  ('e6', 'a1', 'victim@people21.test', 'upload_view', '{}', '{}', null, '02', interval '-1 hour', interval '7 days'),
  ('e7', 'c3', 'u13@people21.test', 'upload_view', '{}', '{}', null, '01', interval '-1 hour', interval '7 days')
) v(i, d, e, ps, g, t, co, inv, ia, ex);

insert into actor (ord, name, id, email)
select ord, name, ('21000000-0000-0000-0000-0000000000' || n)::uuid, format('u%s@people21.test', n::int)
from (values (14, 'invitee', '13'), (15, 'decliner', '14'), (null, 'grant_invitee', '15'), (null, 'edit_invitee', '16')) a(ord, name, n);

-- ================================================================ the matrix
-- Columns, in order:
--   anon stranger upload_only upload_view approve_only edit custom grouped suspended admin owner super beta_owner invitee decliner
-- Outcomes: a select's visible invitations by id suffix ('-' none); a write's row count; an error's SQLSTATE.
select * from tests.matrix('invitations select: managers see their deals'' invitations, an invitee their own',
  $$select right(id::text, 2) from public.invitations where deal_id::text like '21000000-%'$$,
  '42501 - - - - - e1,e3,e5,e6 e1,e3,e5,e6 - e1,e3,e5,e6 e1,e3,e5,e6,e7 - e2,e4 e1,e2,e7 e3');
select * from tests.matrix('invitations insert into Alpha with a set within the managers'' rights ("readers" {view})',
  $$insert into public.invitations (deal_id, email, permission_set_id, invited_by)
    values ('21000000-0000-0000-0000-0000000000a1', 'new@people21.test', '21000000-0000-0000-0000-0000000005a2', (select auth.uid()))$$,
  '42501 42501 42501 42501 42501 42501 1 1 42501 1 1 42501 42501 42501 42501');
-- custom and grouped hold {view, manage_users}: upload_view's download, comment and upload are not theirs to give.
select * from tests.matrix('invitations insert into Alpha with upload_view',
  $$insert into public.invitations (deal_id, email, permission_set_id, invited_by)
    values ('21000000-0000-0000-0000-0000000000a1', 'new@people21.test',
            (select id from public.permission_sets where deal_id is null and name = 'upload_view'), (select auth.uid()))$$,
  '42501 42501 42501 42501 42501 42501 42501 42501 42501 1 1 42501 42501 42501 42501');
select * from tests.matrix('invitations update (extend) the invitee''s Alpha invitation',
  $$update public.invitations set expires_at = expires_at + interval '30 days' where id = '21000000-0000-0000-0000-0000000000e1'$$,
  '42501 0 0 0 0 0 1 1 0 1 1 0 0 0 0');
select * from tests.matrix('invitations delete the invitee''s Alpha invitation',
  $$delete from public.invitations where id = '21000000-0000-0000-0000-0000000000e1'$$,
  '42501 0 0 0 0 0 1 1 0 1 1 0 0 0 0');

-- ---------------------------------------------------------------- what a manager's insert must carry
select tests.act('admin');
select throws_ok($$insert into public.invitations (deal_id, email, permission_set_id, invited_by)
    values ('21000000-0000-0000-0000-0000000000a1', 'new@people21.test',
            (select id from public.permission_sets where deal_id is null and name = 'upload_view'), '21000000-0000-0000-0000-000000000001')$$,
  '42501', null, 'an invitation is recorded as sent by its sender, not by someone else');
select throws_ok($$insert into public.invitations (deal_id, email, permission_set_id, invited_by, status)
    values ('21000000-0000-0000-0000-0000000000a1', 'new@people21.test',
            (select id from public.permission_sets where deal_id is null and name = 'upload_view'), (select auth.uid()), 'accepted')$$,
  '42501', null, 'a manager cannot create an already accepted invitation');
select throws_ok($$insert into public.invitations (deal_id, email, permission_set_id, invited_by)
    values ('21000000-0000-0000-0000-0000000000a1', 'u13@people21.test',
            (select id from public.permission_sets where deal_id is null and name = 'upload_view'), (select auth.uid()))$$,
  '23505', null, 'one pending invitation per deal and e-mail');
select throws_ok($$insert into public.invitations (deal_id, email, permission_set_id, invited_by)
    values ('21000000-0000-0000-0000-0000000000a1', 'Mixed@People21.test',
            (select id from public.permission_sets where deal_id is null and name = 'upload_view'), (select auth.uid()))$$,
  '23514', null, 'invitation e-mails are stored lower-case');
select tests.as_server();

-- ================================================================ my_invitations
select tests.act('invitee');
select set_eq($$select deal_id, deal_name, invited_by_name, invited_by, is_expired, permission_set_name from private.my_invitations()$$,
  $$values ('21000000-0000-0000-0000-0000000000a1'::uuid, 'People21 Alpha'::text, 'Olivia Owner'::text, 'u1@people21.test'::text, false, 'approve_only'::text),
           ('21000000-0000-0000-0000-0000000000b2', 'People21 Beta', null, 'u12@people21.test', true, 'upload_view')$$,
  'my_invitations shows a non-member invitee their pending invitations with deal names, the archived deal''s left out');
select is_empty($$select 1 from public.deals where id in ('21000000-0000-0000-0000-0000000000a1', '21000000-0000-0000-0000-0000000000b2')$$,
  'the invitee cannot read the deals themselves (which is why my_invitations exists)');
select tests.act('stranger');
select is_empty($$select * from private.my_invitations()$$, 'my_invitations shows nothing to someone without invitations');
select tests.act('admin');
select is_empty($$select * from private.my_invitations()$$, 'my_invitations shows a manager nothing of the invitations they sent');
select tests.act('anon');
select is_empty($$select * from private.my_invitations()$$, 'my_invitations shows nothing to anon');

-- ================================================================ respond_to_invitation: refusals
select tests.act('stranger');
select throws_ok($$select private.respond_to_invitation('21000000-0000-0000-0000-0000000000e1', true)$$,
  'P0002', 'Invitation not found', 'someone else''s invitation cannot be accepted');
select throws_ok($$select private.respond_to_invitation('21000000-0000-0000-0000-0000000000e1', false)$$,
  'P0002', 'Invitation not found', 'someone else''s invitation cannot be declined');
select throws_ok($$select private.respond_to_invitation('21000000-0000-0000-0000-0000000000ff', true)$$,
  'P0002', 'Invitation not found', 'an unknown invitation is not found');
select tests.act('admin');
select throws_ok($$select private.respond_to_invitation('21000000-0000-0000-0000-0000000000e1', true)$$,
  'P0002', 'Invitation not found', 'a manager cannot accept an invitation on the invitee''s behalf');
select tests.act('anon');
select throws_ok($$select private.respond_to_invitation('21000000-0000-0000-0000-0000000000e1', true)$$,
  'P0002', 'Invitation not found', 'anon cannot accept an invitation');
select tests.act('invitee');
select throws_ok($$select private.respond_to_invitation('21000000-0000-0000-0000-0000000000e2', true)$$,
  'P0001', 'This invitation has expired. Ask for a new one.', 'an expired invitation cannot be accepted');
select throws_ok($$select private.respond_to_invitation('21000000-0000-0000-0000-0000000000e2', false)$$,
  'P0001', 'This invitation has expired. Ask for a new one.', 'an expired invitation cannot be declined either');
select tests.as_server();
select is_empty($$select 1 from public.deal_members where user_id = '21000000-0000-0000-0000-000000000013'$$,
  'the refusals left the invitee without any membership');
select set_eq($$select right(id::text, 2), status from public.invitations where id::text like '21000000-%'$$,
  $$values ('e1', 'pending'), ('e2', 'pending'), ('e3', 'pending'), ('e4', 'pending'), ('e5', 'pending'), ('e6', 'pending'), ('e7', 'pending')$$,
  'the refusals left every invitation pending');

-- ================================================================ respond_to_invitation: accept
-- The invitee's token spells the address in another case: the match is case-insensitive.
select tests.act('invitee');
select set_config('request.jwt.claims',
  '{"sub":"21000000-0000-0000-0000-000000000013","email":"U13@People21.TEST","role":"authenticated"}', true);
select is(private.respond_to_invitation('21000000-0000-0000-0000-0000000000e1', true), '21000000-0000-0000-0000-0000000000a1'::uuid,
  'accepting returns the deal');
select is(private.is_deal_member('21000000-0000-0000-0000-0000000000a1'), true, 'the invitee is now an active member');
select is(array(select c from unnest(private.all_capabilities()) c
                where private.has_capability('21000000-0000-0000-0000-0000000000a1', c) order by c collate "C"),
  array['approve','comment','download','upload','view'], 'the new member holds exactly the invitation''s set (approve_only)');
select results_eq($$select name from public.deals where id = '21000000-0000-0000-0000-0000000000a1'$$,
  $$values ('People21 Alpha'::text)$$, 'the new member can read the deal');
select set_eq($$select deal_id from private.my_invitations()$$, $$values ('21000000-0000-0000-0000-0000000000b2'::uuid)$$,
  'the accepted invitation is no longer pending; the expired one still shows');
select throws_ok($$select private.respond_to_invitation('21000000-0000-0000-0000-0000000000e1', true)$$,
  'P0001', 'This invitation has already been answered', 'an invitation cannot be accepted twice');
select throws_ok($$select private.respond_to_invitation('21000000-0000-0000-0000-0000000000e1', false)$$,
  'P0001', 'This invitation has already been answered', 'an accepted invitation cannot be declined afterwards');
select tests.as_server();
select results_eq($$select role, status, permission_set_id, company from public.deal_members
    where deal_id = '21000000-0000-0000-0000-0000000000a1' and user_id = '21000000-0000-0000-0000-000000000013'$$,
  $$select 'member'::text, 'active'::text, id, 'Invitee Co'::text from public.permission_sets where deal_id is null and name = 'approve_only'$$,
  'the membership has role member, the invitation''s set and company');
select results_eq($$select group_id from public.deal_group_members where user_id = '21000000-0000-0000-0000-000000000013'$$,
  $$values ('21000000-0000-0000-0000-00000000c0a2'::uuid)$$, 'the invitation''s group of this deal was joined, the foreign one ignored');
select results_eq($$select tag_id from public.deal_member_tags where user_id = '21000000-0000-0000-0000-000000000013'$$,
  $$values ('21000000-0000-0000-0000-0000000074a1'::uuid)$$, 'the invitation''s tag of this deal was given, the foreign one ignored');
select results_eq($$select status, responded_at is not null from public.invitations where id = '21000000-0000-0000-0000-0000000000e1'$$,
  $$values ('accepted'::text, true)$$, 'the invitation is marked accepted with its answer time');
select results_eq($$select user_id, metadata ->> 'invitation_id', metadata ->> 'invited_by' from public.activities
    where deal_id = '21000000-0000-0000-0000-0000000000a1' and activity_type = 'user_invite'$$,
  $$values ('21000000-0000-0000-0000-000000000013'::uuid, '21000000-0000-0000-0000-0000000000e1', '21000000-0000-0000-0000-000000000001')$$,
  'one user_invite activity records who joined, through which invitation, invited by whom');
select is_empty($$select 1 from public.deal_members where user_id = '21000000-0000-0000-0000-000000000013'
    and deal_id <> '21000000-0000-0000-0000-0000000000a1'$$, 'the expired Beta invitation gave no membership');
select results_eq($$select status from public.invitations where id = '21000000-0000-0000-0000-0000000000e2'$$,
  $$values ('pending'::text)$$, 'the expired invitation stays pending (unanswered)');

-- ================================================================ respond_to_invitation: decline
select tests.act('decliner');
select is(private.respond_to_invitation('21000000-0000-0000-0000-0000000000e3', false), '21000000-0000-0000-0000-0000000000a1'::uuid,
  'declining returns the deal');
select throws_ok($$select private.respond_to_invitation('21000000-0000-0000-0000-0000000000e3', true)$$,
  'P0001', 'This invitation has already been answered', 'a declined invitation cannot be accepted afterwards');
select is(private.is_deal_member('21000000-0000-0000-0000-0000000000a1'), false, 'the decliner is not a member');
select is_empty($$select * from private.my_invitations()$$, 'the declined invitation no longer shows');
select tests.as_server();
select is_empty($$select 1 from public.deal_members where user_id = '21000000-0000-0000-0000-000000000014'$$,
  'declining leaves no membership');
select results_eq($$select status, responded_at is not null from public.invitations where id = '21000000-0000-0000-0000-0000000000e3'$$,
  $$values ('declined'::text, true)$$, 'the invitation is marked declined with its answer time');
select is((select count(*) from public.activities where deal_id = '21000000-0000-0000-0000-0000000000a1' and activity_type = 'user_invite'),
  1::bigint, 'declining writes no user_invite activity');

-- ================================================================ a token without an e-mail claim
-- The invitee is known only by the e-mail claim: without one, nobody's invitation matches (no NULL slip).
select tests.act('decliner');
select set_config('request.jwt.claims', '{"sub":"21000000-0000-0000-0000-000000000010","role":"authenticated"}', true);
select throws_ok($$select private.respond_to_invitation('21000000-0000-0000-0000-0000000000e6', true)$$,
  'P0002', 'Invitation not found', 'a token without an e-mail claim cannot accept someone else''s invitation');
select is_empty($$select * from private.my_invitations()$$, 'my_invitations shows nothing to a token without an e-mail claim');
select set_config('request.jwt.claims', '{"sub":"21000000-0000-0000-0000-000000000010","email":"","role":"authenticated"}', true);
select throws_ok($$select private.respond_to_invitation('21000000-0000-0000-0000-0000000000e6', true)$$,
  'P0002', 'Invitation not found', 'nor can a token with an empty e-mail claim');
select tests.as_server();
select results_eq($$select (select status from public.invitations where id = '21000000-0000-0000-0000-0000000000e6'),
                           (select count(*) from public.deal_members where user_id = '21000000-0000-0000-0000-000000000010')$$,
  $$values ('pending'::text, 0::bigint)$$, 'the victim''s invitation stays pending and the stranger gained no membership');

-- ================================================================ what an invitation may hand out (invitation_check)
-- custom (07) holds {view, manage_users} through its own set, grouped (08) the same through a group.
-- Invitations e8 (custom -> u15, "readers" + managers-group) and e9 (admin -> u16, edit + editors) are sent here.
select tests.act('custom');
select throws_ok($$insert into public.invitations (deal_id, email, permission_set_id, invited_by)
    values ('21000000-0000-0000-0000-0000000000a1', 'grant@people21.test',
            (select id from public.permission_sets where deal_id is null and name = 'edit'), (select auth.uid()))$$,
  '42501', 'You can only give others rights you hold yourself', 'a {view, manage_users} manager cannot invite with the edit set');
select throws_ok($$insert into public.invitations (deal_id, email, permission_set_id, group_ids, invited_by)
    values ('21000000-0000-0000-0000-0000000000a1', 'grant@people21.test', '21000000-0000-0000-0000-0000000005a2',
            '{21000000-0000-0000-0000-00000000c0a3}', (select auth.uid()))$$,
  '42501', 'You can only give others rights you hold yourself', 'nor with a set within their rights plus a group holding edit');
select throws_ok($$insert into public.invitations (deal_id, email, permission_set_id, invited_by)
    values ('21000000-0000-0000-0000-0000000000a1', 'grant@people21.test', '21000000-0000-0000-0000-0000000005b1', (select auth.uid()))$$,
  'P0001', 'That permission set does not belong to this deal', 'nor with another deal''s set');
select lives_ok($$insert into public.invitations (id, deal_id, email, permission_set_id, group_ids, invited_by)
    values ('21000000-0000-0000-0000-0000000000e8', '21000000-0000-0000-0000-0000000000a1', 'u15@people21.test',
            '21000000-0000-0000-0000-0000000005a2', '{21000000-0000-0000-0000-00000000c0a1}', (select auth.uid()))$$,
  'a {view, manage_users} manager can invite with a set and a group within their rights');
select throws_ok($$update public.invitations set permission_set_id = (select id from public.permission_sets where deal_id is null and name = 'edit')
    where id = '21000000-0000-0000-0000-0000000000e8'$$,
  '42501', 'You can only give others rights you hold yourself', 'nor raise an invitation''s set to edit afterwards');
select throws_ok($$update public.invitations set group_ids = '{21000000-0000-0000-0000-00000000c0a1,21000000-0000-0000-0000-00000000c0a3}'
    where id = '21000000-0000-0000-0000-0000000000e8'$$,
  '42501', 'You can only give others rights you hold yourself', 'nor add a group holding edit afterwards');
select throws_ok($$update public.invitations set permission_set_id = (select id from public.permission_sets where deal_id is null and name = 'approve_only')
    where id = '21000000-0000-0000-0000-0000000000e5'$$,
  '42501', 'You can only give others rights you hold yourself', 'nor re-issue the admin''s invitation with another set beyond their rights');
select tests.act('grouped');
select throws_ok($$insert into public.invitations (deal_id, email, permission_set_id, invited_by)
    values ('21000000-0000-0000-0000-0000000000a1', 'grant@people21.test',
            (select id from public.permission_sets where deal_id is null and name = 'edit'), (select auth.uid()))$$,
  '42501', 'You can only give others rights you hold yourself', 'a manager through a group cannot invite with the edit set either');
select tests.act('admin');
select throws_ok($$insert into public.invitations (deal_id, email, permission_set_id, invited_by)
    values ('21000000-0000-0000-0000-0000000000a1', 'grant@people21.test', '21000000-0000-0000-0000-0000000005b1', (select auth.uid()))$$,
  'P0001', 'That permission set does not belong to this deal', 'an admin cannot invite with another deal''s set');
select throws_ok($$update public.invitations set permission_set_id = '21000000-0000-0000-0000-0000000005b1'
    where id = '21000000-0000-0000-0000-0000000000e5'$$,
  'P0001', 'That permission set does not belong to this deal', 'nor switch an invitation to another deal''s set');
select lives_ok($$insert into public.invitations (id, deal_id, email, permission_set_id, group_ids, invited_by)
    values ('21000000-0000-0000-0000-0000000000e9', '21000000-0000-0000-0000-0000000000a1', 'u16@people21.test',
            (select id from public.permission_sets where deal_id is null and name = 'edit'), '{21000000-0000-0000-0000-00000000c0a3}',
            (select auth.uid()))$$,
  'an admin can invite with the edit set and the editors group');
select tests.as_server();
select set_eq($$select right(i.id::text, 2), ps.name, i.group_ids from public.invitations i
    join public.permission_sets ps on ps.id = i.permission_set_id where i.id::text like '21000000-%' and i.id::text > '21000000-0000-0000-0000-0000000000e7'$$,
  $$values ('e8'::text, 'readers'::text, '{21000000-0000-0000-0000-00000000c0a1}'::uuid[]),
           ('e9', 'edit', '{21000000-0000-0000-0000-00000000c0a3}')$$,
  'only the invitations within the sender''s rights were stored, as sent');
select results_eq($$select ps.name from public.invitations i join public.permission_sets ps on ps.id = i.permission_set_id
    where i.id = '21000000-0000-0000-0000-0000000000e5'$$, $$values ('upload_view'::text)$$, 'e5 kept its set');

-- ================================================================ accepting carries the inviter's authority
-- The invitee holds no rights, and e8's sender has been suspended since: the membership and group link are
-- written with the inviter's authority (claims cleared inside), and the invitee's claims come back afterwards.
update public.deal_members set status = 'suspended'
 where deal_id = '21000000-0000-0000-0000-0000000000a1' and user_id = '21000000-0000-0000-0000-000000000007';
select tests.act('admin');
select set_config('request.jwt.claims', '{"sub":"21000000-0000-0000-0000-000000000015","role":"authenticated"}', true);
select is(private.verified_email(), 'u15@people21.test',
  'the invitee''s address comes from its confirmed account, not from the token''s e-mail claim');
select results_eq($$select invitation_id from private.my_invitations() where invitation_id = '21000000-0000-0000-0000-0000000000e8'$$,
  $$values ('21000000-0000-0000-0000-0000000000e8'::uuid)$$, 'so its own invitation shows without an e-mail claim too');
select tests.act('grant_invitee');
select is(private.respond_to_invitation('21000000-0000-0000-0000-0000000000e8', true), '21000000-0000-0000-0000-0000000000a1'::uuid,
  'an invitation sent by a since-suspended manager can still be accepted');
select results_eq($$select auth.uid(), auth.email()$$,
  $$values ('21000000-0000-0000-0000-000000000015'::uuid, 'u15@people21.test'::text)$$,
  'the invitee''s claims are back after accepting');
select is(pg_temp.held('21000000-0000-0000-0000-0000000000a1'), array['manage_users','view'],
  'the new member holds the set and the group''s set: what the manager held when sending');
select tests.act('edit_invitee');
select is(private.respond_to_invitation('21000000-0000-0000-0000-0000000000e9', true), '21000000-0000-0000-0000-0000000000a1'::uuid,
  'the admin''s edit invitation is accepted');
select is(pg_temp.held('21000000-0000-0000-0000-0000000000a1'),
  array['approve','comment','download','edit_checklist','edit_files','edit_folders','upload','view'], 'its invitee holds edit''s rights');
select tests.as_server();
select set_eq($$select right(m.user_id::text, 2), m.role, ps.name, coalesce(array_agg(right(gm.group_id::text, 4)) filter (where gm.group_id is not null), '{}')
    from public.deal_members m join public.permission_sets ps on ps.id = m.permission_set_id
    left join public.deal_group_members gm on gm.deal_id = m.deal_id and gm.user_id = m.user_id
    where m.deal_id = '21000000-0000-0000-0000-0000000000a1' and right(m.user_id::text, 2) in ('15', '16')
    group by m.user_id, m.role, ps.name$$,
  $$values ('15'::text, 'member'::text, 'readers'::text, '{c0a1}'::text[]), ('16', 'member', 'edit', '{c0a3}')$$,
  'each membership has the invitation''s set and groups');
select set_eq($$select user_id, metadata ->> 'invited_by' from public.activities
    where deal_id = '21000000-0000-0000-0000-0000000000a1' and activity_type = 'user_invite'
      and metadata ->> 'invitation_id' in ('21000000-0000-0000-0000-0000000000e8', '21000000-0000-0000-0000-0000000000e9')$$,
  $$values ('21000000-0000-0000-0000-000000000015'::uuid, '21000000-0000-0000-0000-000000000007'),
           ('21000000-0000-0000-0000-000000000016', '21000000-0000-0000-0000-000000000002')$$,
  'each acceptance is in the feed under the invitee, naming the inviter');

-- ================================================================ open holes (see the report)
-- invitation_check fires only when permission_set_id or group_ids change: a manager can redirect someone
-- else's invitation to another address, or move an invitation in from a deal they own. "People21 Own" ...d4 is
-- owned by custom (07, reactivated) and holds ea, an edit invitation custom sent there. Run through try().
update public.deal_members set status = 'active'
 where deal_id = '21000000-0000-0000-0000-0000000000a1' and user_id = '21000000-0000-0000-0000-000000000007';
select tests.create_deal('People21 Own', '21000000-0000-0000-0000-000000000007', '21000000-0000-0000-0000-0000000000d4');
insert into public.invitations (id, deal_id, email, permission_set_id, invited_by) values
  ('21000000-0000-0000-0000-0000000000ea', '21000000-0000-0000-0000-0000000000d4', 'u10@people21.test',
   (select id from public.permission_sets where deal_id is null and name = 'edit'), '21000000-0000-0000-0000-000000000007');
select is(tests.try('custom', $$update public.invitations set email = 'u10@people21.test' where id = '21000000-0000-0000-0000-0000000000e5'$$),
  '42501', 'a {view, manage_users} manager cannot redirect the admin''s upload_view invitation to another address');
select is(tests.try('custom', $$update public.invitations set deal_id = '21000000-0000-0000-0000-0000000000a1'
    where id = '21000000-0000-0000-0000-0000000000ea'$$),
  '42501', 'a {view, manage_users} manager cannot move an edit invitation from a deal they own into this one');

select * from finish();
rollback;
