-- The deal scope every deal-scoped request starts with, private.deal_scope: the deal and the caller's
-- badge, permission set and capabilities for an active member whose session meets the deal's MFA rule,
-- nothing for anyone else; the same answer, for every caller and deal here, as the select under
-- row-level security it replaced.
begin;
create extension if not exists pgtap with schema extensions;
select plan(19);

select tests.create_actors('35', 'scope35', array['owner', 'contributor', 'viewer', 'gone', 'stranger']);
select tests.create_deal('Scope35 open', '35000000-0000-0000-0000-000000000001', '35000000-0000-0000-0000-0000000000a1');
select tests.create_deal('Scope35 strict', '35000000-0000-0000-0000-000000000001', '35000000-0000-0000-0000-0000000000a2');
select tests.create_deal('Scope35 archived', '35000000-0000-0000-0000-000000000001', '35000000-0000-0000-0000-0000000000a3');
select tests.add_member('35000000-0000-0000-0000-0000000000a1', '35000000-0000-0000-0000-000000000002', 'contributor');
select tests.add_member('35000000-0000-0000-0000-0000000000a1', '35000000-0000-0000-0000-000000000003', 'viewer');
select tests.add_member('35000000-0000-0000-0000-0000000000a1', '35000000-0000-0000-0000-000000000004', 'contributor', 'inactive');
select tests.add_member('35000000-0000-0000-0000-0000000000a2', '35000000-0000-0000-0000-000000000002', 'contributor');
select tests.add_member('35000000-0000-0000-0000-0000000000a3', '35000000-0000-0000-0000-000000000002', 'contributor');
update public.deals set require_mfa = true where id = '35000000-0000-0000-0000-0000000000a2';
update public.deals set archived_at = now() where id = '35000000-0000-0000-0000-0000000000a3';

-- The select the API ran before, under row-level security, as the caller.
create function pg_temp.scope_under_rls(p_deal_id uuid) returns jsonb language sql as $$
  select to_jsonb(x) from (
    select d.id, d.name, d.description, d.owner_id, d.checklist_preset, d.created_at, d.updated_at, d.archived_at, d.require_mfa,
           d.watermark_downloads,
           private.display_role(d.id, auth.uid()) as user_role, (d.owner_id = auth.uid()) as is_owner,
           case when m.role = 'admin' then 'admin'
                else coalesce((select ps.name from public.permission_sets ps where ps.id = m.permission_set_id),
                              case m.role when 'contributor' then 'edit' else 'upload_view' end) end as permission_set,
           case when d.archived_at is null then private.member_capabilities(d.id, auth.uid())
                else array(select cap from unnest(private.member_capabilities(d.id, auth.uid())) cap
                           where cap in ('view', 'download')) end as capabilities,
           d.search_language
    from public.deals d
    join public.deal_members m on m.deal_id = d.id and m.user_id = auth.uid() and m.status = 'active'
    where d.id = p_deal_id) x
$$;
create function pg_temp.scope(p_deal_id uuid) returns jsonb language sql as $$
  select to_jsonb(s) from private.deal_scope(p_deal_id) s
$$;
grant execute on function pg_temp.scope_under_rls(uuid), pg_temp.scope(uuid) to authenticated, anon;

-- ---------------------------------------------------------------- what each caller gets
select tests.as_user('owner@scope35.test', 'aal1');
select is(pg_temp.scope('35000000-0000-0000-0000-0000000000a1') ->> 'user_role', 'admin', 'the owner is the admin');
select is(pg_temp.scope('35000000-0000-0000-0000-0000000000a1') ->> 'is_owner', 'true', 'and the owner');
select is(pg_temp.scope('35000000-0000-0000-0000-0000000000a1') -> 'capabilities',
  '["answer_questions", "approve", "approve_answers", "ask_questions", "comment", "download", "edit_checklist", "edit_files", "edit_folders", "manage_users", "upload", "view"]'::jsonb,
  'with every capability');
select is(pg_temp.scope('35000000-0000-0000-0000-0000000000a2'), null, 'a deal that requires a second factor: nothing at aal1');
select tests.as_user('owner@scope35.test', 'aal2');
select is(pg_temp.scope('35000000-0000-0000-0000-0000000000a2') ->> 'name', 'Scope35 strict', 'the same deal at aal2');

select tests.as_user('contributor@scope35.test');
select is(pg_temp.scope('35000000-0000-0000-0000-0000000000a1') ->> 'user_role', 'contributor', 'a contributor');
select is(pg_temp.scope('35000000-0000-0000-0000-0000000000a1') ->> 'permission_set', 'edit', 'with the edit set');
select is(pg_temp.scope('35000000-0000-0000-0000-0000000000a1') ->> 'is_owner', 'false', 'who is not the owner');
select is(pg_temp.scope('35000000-0000-0000-0000-0000000000a3') -> 'capabilities', '["download", "view"]'::jsonb,
  'an archived deal leaves only view and download');

select tests.as_user('viewer@scope35.test');
select is(pg_temp.scope('35000000-0000-0000-0000-0000000000a1') ->> 'permission_set', 'upload_view', 'a viewer');
select tests.as_user('gone@scope35.test');
select is(pg_temp.scope('35000000-0000-0000-0000-0000000000a1'), null, 'an inactive member gets nothing');
select tests.as_user('stranger@scope35.test');
select is(pg_temp.scope('35000000-0000-0000-0000-0000000000a1'), null, 'a stranger gets nothing');
select is(pg_temp.scope('35000000-0000-0000-0000-0000000000ff'), null, 'an unknown deal is nothing');

select tests.as_service();
select throws_ok($$select * from private.deal_scope('35000000-0000-0000-0000-0000000000a1')$$, '42501', null,
  'the service role may not call it: it is nobody''s scope');
select tests.as_anon();
select throws_ok($$select * from private.deal_scope('35000000-0000-0000-0000-0000000000a1')$$, '42501', null,
  'anon may not call it');
select tests.as_server();
select ok(not has_function_privilege('anon', 'private.deal_scope(uuid)', 'execute'), 'anon holds no execute right');

-- ---------------------------------------------------------------- the same answer as row-level security gave
select tests.as_server();
create temp table answers (actor text, aal text, deal uuid, via_function jsonb, via_rls jsonb) on commit drop;
grant insert, select on answers to authenticated;
do $$
declare
  a record;
  d uuid;
begin
  for a in select email, aal from auth.users, (values ('aal1'), ('aal2')) l(aal) where email like '%@scope35.test' loop
    foreach d in array array['35000000-0000-0000-0000-0000000000a1', '35000000-0000-0000-0000-0000000000a2',
                             '35000000-0000-0000-0000-0000000000a3', '35000000-0000-0000-0000-0000000000ff']::uuid[] loop
      perform tests.as_user(a.email, a.aal);
      insert into answers values (a.email, a.aal, d, pg_temp.scope(d), pg_temp.scope_under_rls(d));
      perform tests.as_server();
    end loop;
  end loop;
end $$;
select is((select count(*)::int from answers), 40, 'five people at two levels, four deals');
select is((select count(*)::int from answers where via_function is not null), 12, 'twelve of them in scope');
select is_empty($$select actor, aal, deal from answers where via_function is distinct from via_rls$$,
  'each answer is the one row-level security gave');

select * from finish();
rollback;
