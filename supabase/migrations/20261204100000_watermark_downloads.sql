-- "Watermark downloads" (issue 34, docs/decisions.md decision 44): when a deal admin turns it on, PDFs
-- and images downloaded by members allowed to download are the stamped PDF the viewer serves. Off by
-- default. Only deal admins change it: the `deals_update` policy already lets no one else update a deal.
alter table public.deals add column watermark_downloads boolean not null default false;
grant update (watermark_downloads) on public.deals to authenticated;

-- The deal scope carries it, so GET /deals/{id} answers it without another statement.
drop function private.deal_scope(uuid);
create function private.deal_scope(p_deal_id uuid)
returns table (
  id uuid, name text, description text, owner_id uuid, checklist_preset text, created_at timestamptz,
  updated_at timestamptz, archived_at timestamptz, require_mfa boolean, watermark_downloads boolean,
  user_role text, is_owner boolean, permission_set text, capabilities text[]
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
           d.require_mfa, d.watermark_downloads, private.display_role(d.id, v_uid), (d.owner_id = v_uid),
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
