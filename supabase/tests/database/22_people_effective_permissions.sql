-- People: effective capabilities (private.member_capabilities, private.has_capability = role ∪ own set ∪
-- groups' sets, nothing unless active), private.display_role, who may ask about whom, and custom file
-- permissions through groups and tags.
-- Actors (prefix 22000000-0000-0000-0000-0000000000NN): see the table "cases" below; 01 owns Alpha ...a1,
-- 40 owns Beta ...b2. Alpha custom sets: "dl" ...05a1 {view, download}, "approver" ...05a2 {view, approve}.
-- Alpha groups: "editors" ...c0a1 (system set edit), "approvers" ...c0a2 (set "approver"), "no-set" ...c0a3,
-- "reviewers" ...c0a4 (no set; used by file permissions). Alpha tags: "restricted" ...74a1, "bidders" ...74a2.
begin;
create extension if not exists pgtap with schema extensions;
select plan(102);

-- Every member of Alpha and what they should hold. role, own set (system name or custom id), groups, status.
create temp table cases (n text primary key, label text, role text, set_name text, groups text[], status text,
                         want text[], badge text) on commit drop;
insert into cases values
  ('02', 'role admin',                         'admin',       null,          '{}',          'active',    '{answer_questions,approve,approve_answers,ask_questions,comment,download,edit_checklist,edit_files,edit_folders,manage_users,upload,view}', 'admin'),
  ('03', 'role contributor',                   'contributor', null,          '{}',          'active',    '{approve,comment,download,edit_checklist,edit_files,edit_folders,upload,view}', 'contributor'),
  ('04', 'role viewer',                        'viewer',      null,          '{}',          'active',    '{comment,download,upload,view}', 'viewer'),
  ('05', 'member without set or group',        'member',      null,          '{}',          'active',    '{}', 'viewer'),
  ('06', 'member, own set upload_only',        'member',      'upload_only', '{}',          'active',    '{upload}', 'viewer'),
  ('07', 'member, own set upload_view',        'member',      'upload_view', '{}',          'active',    '{comment,download,upload,view}', 'viewer'),
  ('08', 'member, own set approve_only',       'member',      'approve_only','{}',          'active',    '{approve,comment,download,upload,view}', 'viewer'),
  ('09', 'member, own set edit',               'member',      'edit',        '{}',          'active',    '{approve,comment,download,edit_checklist,edit_files,edit_folders,upload,view}', 'contributor'),
  ('10', 'member, own custom set dl',          'member',      'dl',          '{}',          'active',    '{download,view}', 'viewer'),
  ('11', 'member, group editors only',         'member',      null,          '{c0a1}',      'active',    '{approve,comment,download,edit_checklist,edit_files,edit_folders,upload,view}', 'contributor'),
  ('12', 'member, own upload_only + group approvers', 'member', 'upload_only', '{c0a2}',    'active',    '{approve,upload,view}', 'viewer'),
  ('13', 'role viewer + own upload_only + group approvers', 'viewer', 'upload_only', '{c0a2}', 'active', '{approve,comment,download,upload,view}', 'viewer'),
  ('14', 'member in groups editors and approvers', 'member',  null,          '{c0a1,c0a2}', 'active',    '{approve,comment,download,edit_checklist,edit_files,edit_folders,upload,view}', 'contributor'),
  ('15', 'member in a group without a set',    'member',      null,          '{c0a3}',      'active',    '{}', 'viewer'),
  ('16', 'suspended member, own set edit',     'member',      'edit',        '{}',          'suspended', '{}', 'viewer'),
  ('17', 'inactive member, own set edit, group editors', 'member', 'edit',   '{c0a1}',      'inactive',  '{}', 'viewer'),
  ('18', 'suspended admin',                    'admin',       null,          '{}',          'suspended', '{}', 'admin'),
  ('19', 'inactive contributor',               'contributor', null,          '{}',          'inactive',  '{}', 'contributor'),
  -- file-permission actors: all upload_view (view) unless noted
  ('20', 'reviewer (group reviewers)',         'member',      'upload_view', '{c0a4}',      'active',    '{comment,download,upload,view}', 'viewer'),
  ('21', 'restricted reviewer (group reviewers, tag restricted)', 'member', 'upload_view', '{c0a4}', 'active', '{comment,download,upload,view}', 'viewer'),
  ('22', 'plain viewer',                       'member',      'upload_view', '{}',          'active',    '{comment,download,upload,view}', 'viewer'),
  ('23', 'bidder (tag bidders)',               'member',      'upload_view', '{}',          'active',    '{comment,download,upload,view}', 'viewer'),
  ('24', 'reviewer without view (upload_only, group reviewers)', 'member', 'upload_only', '{c0a4}', 'active', '{upload}', 'viewer'),
  ('25', 'suspended reviewer (group reviewers)', 'member',    'upload_view', '{c0a4}',      'suspended', '{}', 'viewer');

create function pg_temp.uid(p_n text) returns uuid language sql immutable as $$
  select ('22000000-0000-0000-0000-0000000000' || p_n)::uuid $$;
-- The capabilities a caller holds in a deal through has_capability, sorted.
create function pg_temp.held(p_deal uuid) returns text[] language sql as $$
  select array(select c from unnest(array['view','download','comment','approve','upload','edit_files','edit_folders',
                                          'edit_checklist','manage_users','ask_questions','answer_questions','approve_answers']) c
               where private.has_capability(p_deal, c) order by c collate "C") $$;
-- One TAP column per row (pg_prove reads every column): switch to the member inside the check.
create function pg_temp.held_is_as(p_n text, p_deal uuid, p_want text[], p_label text) returns text language plpgsql as $$
begin
  perform tests.as_user(format('u%s@people22.test', p_n));
  return is(pg_temp.held(p_deal), p_want, p_label);
end $$;
create function pg_temp.visible_is_as(p_n text, p_want text, p_label text) returns text language plpgsql as $$
begin
  perform tests.as_user(format('u%s@people22.test', p_n));
  return is(pg_temp.visible_files(), p_want, p_label);
end $$;

-- ---------------------------------------------------------------- fixture, as the table owner
select tests.create_user(format('u%s@people22.test', lpad(n::text, 2, '0')), pg_temp.uid(lpad(n::text, 2, '0')))
from generate_series(1, 40) n;
select tests.create_deal('People22 Alpha', pg_temp.uid('01'), '22000000-0000-0000-0000-0000000000a1');
select tests.create_deal('People22 Beta', pg_temp.uid('40'), '22000000-0000-0000-0000-0000000000b2');
insert into public.permission_sets (id, deal_id, name, capabilities) values
  ('22000000-0000-0000-0000-0000000005a1', '22000000-0000-0000-0000-0000000000a1', 'dl', '{view,download}'),
  ('22000000-0000-0000-0000-0000000005a2', '22000000-0000-0000-0000-0000000000a1', 'approver', '{view,approve}');
insert into public.deal_groups (id, deal_id, name, permission_set_id) values
  ('22000000-0000-0000-0000-00000000c0a1', '22000000-0000-0000-0000-0000000000a1', 'editors',
   (select id from public.permission_sets where deal_id is null and name = 'edit')),
  ('22000000-0000-0000-0000-00000000c0a2', '22000000-0000-0000-0000-0000000000a1', 'approvers', '22000000-0000-0000-0000-0000000005a2'),
  ('22000000-0000-0000-0000-00000000c0a3', '22000000-0000-0000-0000-0000000000a1', 'no-set', null),
  ('22000000-0000-0000-0000-00000000c0a4', '22000000-0000-0000-0000-0000000000a1', 'reviewers', null);
insert into public.deal_tags (id, deal_id, name) values
  ('22000000-0000-0000-0000-0000000074a1', '22000000-0000-0000-0000-0000000000a1', 'restricted'),
  ('22000000-0000-0000-0000-0000000074a2', '22000000-0000-0000-0000-0000000000a1', 'bidders');
select tests.add_member('22000000-0000-0000-0000-0000000000a1', pg_temp.uid(n), role, status,
       (select id from public.permission_sets ps where ps.name = c.set_name
          and (ps.deal_id is null or ps.deal_id = '22000000-0000-0000-0000-0000000000a1')))
from cases c;
insert into public.deal_group_members (group_id, deal_id, user_id)
select ('22000000-0000-0000-0000-00000000' || g)::uuid, '22000000-0000-0000-0000-0000000000a1', pg_temp.uid(n)
from cases, unnest(groups) g;
insert into public.deal_member_tags (tag_id, deal_id, user_id) values
  ('22000000-0000-0000-0000-0000000074a1', '22000000-0000-0000-0000-0000000000a1', pg_temp.uid('21')),
  ('22000000-0000-0000-0000-0000000074a2', '22000000-0000-0000-0000-0000000000a1', pg_temp.uid('23'));

-- ================================================================ member_capabilities (read by the server for anyone)
select is(array(select c from unnest(private.member_capabilities('22000000-0000-0000-0000-0000000000a1', pg_temp.uid(n))) c
                order by c collate "C"),
          want, format('member_capabilities: %s -> %s', label, want))
from cases order by n;
select is(array(select c from unnest(private.member_capabilities('22000000-0000-0000-0000-0000000000a1', pg_temp.uid('01'))) c
                order by c collate "C"),
  '{answer_questions,approve,approve_answers,ask_questions,comment,download,edit_checklist,edit_files,edit_folders,manage_users,upload,view}'::text[],
  'member_capabilities: the owner holds all twelve');
select is(private.member_capabilities('22000000-0000-0000-0000-0000000000a1', pg_temp.uid('30')), '{}'::text[],
  'member_capabilities: a non-member holds nothing');
select is(private.member_capabilities('22000000-0000-0000-0000-0000000000b2', pg_temp.uid('09')), '{}'::text[],
  'member_capabilities: an Alpha member holds nothing in Beta');
select is((select count(*) from unnest(private.member_capabilities('22000000-0000-0000-0000-0000000000a1', pg_temp.uid('14'))))::int,
  8, 'member_capabilities: a union lists each capability once');

-- ================================================================ has_capability, as each member
select pg_temp.held_is_as(n, '22000000-0000-0000-0000-0000000000a1', want,
                          format('has_capability: %s -> %s', label, want))
from cases order by n;
select tests.as_server();
select tests.as_user('u30@people22.test');
select is(pg_temp.held('22000000-0000-0000-0000-0000000000a1'), '{}'::text[], 'has_capability: a non-member holds nothing');
select tests.as_user('u09@people22.test');
select is(pg_temp.held('22000000-0000-0000-0000-0000000000b2'), '{}'::text[], 'has_capability: nothing in another deal');
select is(private.deals_with_capability('edit_files'), array['22000000-0000-0000-0000-0000000000a1'::uuid],
  'deals_with_capability follows the own set');
select tests.as_user('u11@people22.test');
select is(private.deals_with_capability('edit_files'), array['22000000-0000-0000-0000-0000000000a1'::uuid],
  'deals_with_capability follows a group''s set');
select tests.as_user('u17@people22.test');
select is(private.deals_with_capability('view'), '{}'::uuid[], 'deals_with_capability: nothing for an inactive member');
select is(private.is_deal_member('22000000-0000-0000-0000-0000000000a1'), false, 'an inactive member is not a member for the helpers');
select tests.as_server();

-- Capabilities follow changes at once: a group losing its set, a member leaving a group.
update public.deal_groups set permission_set_id = null where id = '22000000-0000-0000-0000-00000000c0a2';
select is(array(select c from unnest(private.member_capabilities('22000000-0000-0000-0000-0000000000a1', pg_temp.uid('12'))) c
                order by c collate "C"), '{upload}'::text[], 'when the group loses its set, only the own set remains');
delete from public.deal_group_members where user_id = pg_temp.uid('11');
select is(private.member_capabilities('22000000-0000-0000-0000-0000000000a1', pg_temp.uid('11')), '{}'::text[],
  'leaving the only group that granted rights leaves nothing');
update public.deal_groups set permission_set_id = '22000000-0000-0000-0000-0000000005a2' where id = '22000000-0000-0000-0000-00000000c0a2';
insert into public.deal_group_members (group_id, deal_id, user_id)
values ('22000000-0000-0000-0000-00000000c0a1', '22000000-0000-0000-0000-0000000000a1', pg_temp.uid('11'));

-- ================================================================ display_role
select is(private.display_role('22000000-0000-0000-0000-0000000000a1', pg_temp.uid(n)), badge,
          format('display_role: %s -> %s', label, badge))
from cases where n in ('02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '14') order by n;
select is(private.display_role('22000000-0000-0000-0000-0000000000a1', pg_temp.uid('01')), 'admin', 'display_role: the owner -> admin');
select is(private.display_role('22000000-0000-0000-0000-0000000000a1', pg_temp.uid('30')), null, 'display_role: a non-member -> null');

-- ================================================================ who may ask about whom
-- member_capabilities and display_role answer the server (no JWT, above), a caller about themselves, and an
-- active member of the deal about its members; anyone else gets '{}' / null.
select is(private.member_capabilities('22000000-0000-0000-0000-0000000000b2', pg_temp.uid('40')),
  '{answer_questions,approve,approve_answers,ask_questions,comment,download,edit_checklist,edit_files,edit_folders,manage_users,upload,view}'::text[],
  'fixture: the server sees the Beta owner''s twelve capabilities');
select tests.as_user('u09@people22.test');
select is(private.member_capabilities('22000000-0000-0000-0000-0000000000b2', pg_temp.uid('40')), '{}'::text[],
  'member_capabilities about a stranger''s membership in a deal you are not in: {}');
select is(private.display_role('22000000-0000-0000-0000-0000000000b2', pg_temp.uid('40')), null,
  'display_role about a stranger''s membership in a deal you are not in: null');
select tests.as_user('u30@people22.test');
select is(private.member_capabilities('22000000-0000-0000-0000-0000000000a1', pg_temp.uid('09')), '{}'::text[],
  'member_capabilities: a signed-in non-member learns nothing about a member');
select is(private.display_role('22000000-0000-0000-0000-0000000000a1', pg_temp.uid('09')), null,
  'display_role: nor their badge');
select is(private.display_role('22000000-0000-0000-0000-0000000000a1', pg_temp.uid('18')), null,
  'display_role: nor a suspended admin''s');
select tests.as_user('u40@people22.test');
select is(private.member_capabilities('22000000-0000-0000-0000-0000000000a1', pg_temp.uid('02')), '{}'::text[],
  'member_capabilities: the owner of another deal learns nothing about this deal''s admin');
select tests.as_user('u17@people22.test');
select is(private.member_capabilities('22000000-0000-0000-0000-0000000000a1', pg_temp.uid('09')), '{}'::text[],
  'member_capabilities: an inactive member learns nothing about the others');
select is(private.display_role('22000000-0000-0000-0000-0000000000a1', pg_temp.uid('09')), null,
  'display_role: nor their badges');
select tests.as_user('u22@people22.test');
select is(private.member_capabilities('22000000-0000-0000-0000-0000000000a1', pg_temp.uid('09')),
  '{approve,comment,download,edit_checklist,edit_files,edit_folders,upload,view}'::text[],
  'member_capabilities: an active member sees another member''s capabilities');
select is(private.display_role('22000000-0000-0000-0000-0000000000a1', pg_temp.uid('09')), 'contributor',
  'display_role: and their badge');
select is(private.display_role('22000000-0000-0000-0000-0000000000a1', pg_temp.uid('18')), 'admin',
  'display_role: a suspended admin''s badge too');
select tests.as_user('u18@people22.test');
select is(private.display_role('22000000-0000-0000-0000-0000000000a1', pg_temp.uid('18')), 'admin',
  'display_role: a suspended admin asking about themselves still gets their badge');
select tests.as_user('u16@people22.test');
select is(private.display_role('22000000-0000-0000-0000-0000000000a1', pg_temp.uid('16')), 'viewer',
  'display_role: so does a suspended member');
select is(private.member_capabilities('22000000-0000-0000-0000-0000000000a1', pg_temp.uid('16')), '{}'::text[],
  'member_capabilities: a suspended member asking about themselves holds nothing');
select tests.as_server();

-- ================================================================ custom file permissions through groups and tags
-- Files in Alpha, uploaded by the owner, ready:
--   f1 custom, allowed_groups {reviewers}
--   f2 custom, allowed_users {21, 22}, denied_tags {restricted}       (deny wins over an allowed user)
--   f3 custom, allowed_tags {bidders}
--   f4 custom, allowed_tags {bidders}, denied_users {23}              (deny wins over an allowed tag)
--   f5 custom, allowed_users {20}, denied_groups {reviewers}          (deny wins over an allowed user)
--   f6 all
-- The fixture is written by the server, with no caller (as_server above).
insert into public.files (id, deal_id, name, upload_state, permission_type, current_version, uploaded_by)
select ('22000000-0000-0000-0000-00000000f00' || n)::uuid, '22000000-0000-0000-0000-0000000000a1', format('f%s.pdf', n),
       'ready', case when n = 6 then 'all' else 'custom' end, 1, pg_temp.uid('01')
from generate_series(1, 6) n;
insert into public.file_permissions (file_id, deal_id, allowed_users, allowed_groups, allowed_tags, denied_users, denied_groups, denied_tags) values
  ('22000000-0000-0000-0000-00000000f001', '22000000-0000-0000-0000-0000000000a1', '{}', '{22000000-0000-0000-0000-00000000c0a4}', '{}', '{}', '{}', '{}'),
  ('22000000-0000-0000-0000-00000000f002', '22000000-0000-0000-0000-0000000000a1', array[pg_temp.uid('21'), pg_temp.uid('22')], '{}', '{}', '{}', '{}', '{22000000-0000-0000-0000-0000000074a1}'),
  ('22000000-0000-0000-0000-00000000f003', '22000000-0000-0000-0000-0000000000a1', '{}', '{}', '{22000000-0000-0000-0000-0000000074a2}', '{}', '{}', '{}'),
  ('22000000-0000-0000-0000-00000000f004', '22000000-0000-0000-0000-0000000000a1', '{}', '{}', '{22000000-0000-0000-0000-0000000074a2}', array[pg_temp.uid('23')], '{}', '{}'),
  ('22000000-0000-0000-0000-00000000f005', '22000000-0000-0000-0000-0000000000a1', array[pg_temp.uid('20')], '{}', '{}', '{}', '{22000000-0000-0000-0000-00000000c0a4}', '{}');

create function pg_temp.visible_files() returns text language sql as $$
  select coalesce(string_agg(name, ',' order by name), '-') from public.files where deal_id = '22000000-0000-0000-0000-0000000000a1' $$;
select pg_temp.visible_is_as(v.n, v.want, format('files visible to %s: %s', v.who, v.want))
from (values
  ('20', 'a reviewer: f1 through the group, not f5 (allowed as a user, denied as a reviewer)', 'f1.pdf,f6.pdf'),
  ('21', 'a restricted reviewer: f1 through the group, not f2 (allowed as a user, denied by tag)', 'f1.pdf,f6.pdf'),
  ('22', 'a plain viewer: f2 as an allowed user, nothing through groups or tags', 'f2.pdf,f6.pdf'),
  ('23', 'a bidder: f3 through the tag, not f4 (allowed by tag, denied as a user)', 'f3.pdf,f6.pdf'),
  ('24', 'a reviewer without view: nothing, not even type all', '-'),
  ('25', 'a suspended reviewer: nothing', '-'),
  ('02', 'an admin: everything', 'f1.pdf,f2.pdf,f3.pdf,f4.pdf,f5.pdf,f6.pdf'),
  ('01', 'the owner: everything', 'f1.pdf,f2.pdf,f3.pdf,f4.pdf,f5.pdf,f6.pdf'),
  ('30', 'a non-member: nothing', '-')
) v(n, who, want);
select tests.as_server();
select tests.as_user('u21@people22.test');
select is(private.can_see_file('22000000-0000-0000-0000-00000000f002'), false, 'can_see_file agrees: a denied tag beats an allowed user');
select is(private.can_download_file('22000000-0000-0000-0000-00000000f002'), false, 'a hidden file cannot be downloaded');
select is(private.can_download_file('22000000-0000-0000-0000-00000000f001'), true, 'a file allowed through a group can be downloaded with download');
select tests.as_server();
-- Leaving the group or losing the tag changes visibility at once.
delete from public.deal_member_tags where user_id = pg_temp.uid('21');
select tests.as_user('u21@people22.test');
select is(pg_temp.visible_files(), 'f1.pdf,f2.pdf,f6.pdf', 'without the denied tag, the allowed user sees f2');
select tests.as_server();
delete from public.deal_group_members where user_id = pg_temp.uid('20');
select tests.as_user('u20@people22.test');
select is(pg_temp.visible_files(), 'f5.pdf,f6.pdf', 'out of the denied group, the allowed user sees f5 and no longer f1');
select tests.as_server();

select * from finish();
rollback;
