-- The deal scope every deal-scoped request starts with (supabase/functions/_shared/deal-scope.ts), in
-- one call: the deal, the caller's badge, permission set and capabilities (in an archived deal only
-- view and download: docs/decisions.md decision 8), or no row unless the caller is an active member
-- whose session meets the deal's MFA rule. The same answer as the select under row-level security it
-- replaces, which the database planned on every request with the policies of `deals` and
-- `deal_members` and their helpers: 1.4 ms against 0.9 ms for this call (docs/architecture.md,
-- "Performance"). The route's own statements still run under row-level security.
create function private.deal_scope(p_deal_id uuid)
returns table (
  id uuid, name text, description text, owner_id uuid, checklist_preset text, created_at timestamptz,
  updated_at timestamptz, archived_at timestamptz, require_mfa boolean, user_role text, is_owner boolean,
  permission_set text, capabilities text[]
)
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    return;
  end if;
  return query
    select d.id, d.name, d.description, d.owner_id, d.checklist_preset, d.created_at, d.updated_at, d.archived_at,
           d.require_mfa, private.display_role(d.id, v_uid), (d.owner_id = v_uid),
           case when m.role = 'admin' then 'admin'
                else coalesce((select ps.name from public.permission_sets ps where ps.id = m.permission_set_id),
                              case m.role when 'contributor' then 'edit' else 'upload_view' end) end,
           case when d.archived_at is null then private.member_capabilities(d.id, v_uid)
                else array(select cap from unnest(private.member_capabilities(d.id, v_uid)) cap
                           where cap in ('view', 'download')) end
    from public.deals d
    join public.deal_members m on m.deal_id = d.id and m.user_id = v_uid and m.status = 'active'
    where d.id = p_deal_id and private.passes_deal_mfa(d.id);
end $$;

revoke all on function private.deal_scope(uuid) from public;
grant execute on function private.deal_scope(uuid) to authenticated;
