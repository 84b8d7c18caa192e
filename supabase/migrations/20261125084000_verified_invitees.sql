-- An invitation is bound to an address, so only an account that has proved it owns that address may
-- see or answer it: registering someone else's address (before they do) no longer yields their
-- invitations. Proof is auth.users.email_confirmed_at — set by the confirmation link mailed at
-- registration or by a first magic link here, by GoTrue's own confirmation on Supabase. The address
-- is read from the account, never from the token's claims. A mailed link also carries a token (only
-- its hash is kept) that answering through the link must present. See docs/access-model.md.

create or replace function private.verified_email() returns text
language sql stable security definer set search_path = '' as $$
  select lower(u.email) from auth.users u
  where u.id = (select auth.uid()) and u.email_confirmed_at is not null and u.deleted_at is null
$$;

-- SHA-256 of the token in the latest mailed link (a resend replaces it); the token itself is never kept.
alter table public.invitations add column token_hash text check (token_hash ~ '^[0-9a-f]{64}$');
grant update (token_hash) on public.invitations to authenticated;

drop policy invitations_select on public.invitations;
create policy invitations_select on public.invitations for select to authenticated
  using (private.has_capability(deal_id, 'manage_users') or email = (select private.verified_email()));

create or replace function private.my_invitations()
returns table (invitation_id uuid, deal_id uuid, deal_name text, deal_description text, invited_by_name text,
               invited_by text, invited_at timestamptz, expires_at timestamptz, is_expired boolean, permission_set_name text)
language sql stable security definer set search_path = '' as $$
  select i.id, i.deal_id, d.name, d.description, nullif(btrim(p.first_name || ' ' || p.last_name), ''), p.email,
         i.invited_at, i.expires_at, i.expires_at < now(), ps.name
  from public.invitations i
  join public.deals d on d.id = i.deal_id
  left join public.profiles p on p.id = i.invited_by
  left join public.permission_sets ps on ps.id = i.permission_set_id
  where i.status = 'pending' and i.email = (select private.verified_email()) and d.archived_at is null
  order by i.invited_at desc
$$;

drop function private.respond_to_invitation(uuid, boolean);
-- p_token: the token of the mailed link, when answering through it (then it must match).
create or replace function private.respond_to_invitation(p_invitation_id uuid, p_accept boolean, p_token text default null)
returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_claims text := coalesce(current_setting('request.jwt.claims', true), '');
  v_inv public.invitations;
  v_uid uuid := auth.uid();
  v_email text := private.verified_email();
begin
  if v_uid is not null and v_email is null then
    raise exception 'Confirm your email address first: open the confirmation link we sent you, then answer the invitation.'
      using errcode = 'P0001';
  end if;
  select * into v_inv from public.invitations where id = p_invitation_id for update;
  if v_inv.id is null or v_uid is null or v_inv.email <> v_email then
    raise exception 'Invitation not found' using errcode = 'P0002';
  end if;
  if p_token is not null and (v_inv.token_hash is null
      or v_inv.token_hash <> encode(extensions.digest(convert_to(p_token, 'UTF8'), 'sha256'), 'hex')) then
    raise exception 'This invitation link is not valid. Open the link from the latest invitation e-mail.' using errcode = 'P0001';
  end if;
  if v_inv.status <> 'pending' then
    raise exception 'This invitation has already been answered' using errcode = 'P0001';
  end if;
  if v_inv.expires_at < now() then
    raise exception 'This invitation has expired. Ask for a new one.' using errcode = 'P0001';
  end if;
  update public.invitations set status = case when p_accept then 'accepted' else 'declined' end, responded_at = now()
  where id = v_inv.id;
  if p_accept then
    -- The invitation carries the inviter's authority (checked when it was sent), not the invitee's.
    perform set_config('request.jwt.claims', '', true);
    insert into public.deal_members (deal_id, user_id, role, permission_set_id, company)
    values (v_inv.deal_id, v_uid, 'member', v_inv.permission_set_id, v_inv.company)
    on conflict (deal_id, user_id) do nothing;
    insert into public.deal_group_members (group_id, deal_id, user_id)
      select g.id, v_inv.deal_id, v_uid from public.deal_groups g
      where g.id = any (v_inv.group_ids) and g.deal_id = v_inv.deal_id
    on conflict do nothing;
    insert into public.deal_member_tags (tag_id, deal_id, user_id)
      select t.id, v_inv.deal_id, v_uid from public.deal_tags t
      where t.id = any (v_inv.tag_ids) and t.deal_id = v_inv.deal_id
    on conflict do nothing;
    perform private.record_activity(v_inv.deal_id, v_uid, 'user_invite',
      format('%s joined the deal', v_email), jsonb_build_object('invitation_id', v_inv.id, 'invited_by', v_inv.invited_by));
    perform set_config('request.jwt.claims', v_claims, true);
  end if;
  return v_inv.deal_id;
end $$;

-- Whether an account's address is confirmed, for its own profile (the web asks the person to confirm).
-- Answers only about the caller itself (or to the server, which has no user); anyone else reads null.
create or replace function private.email_confirmed(p_user_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select case when auth.uid() is null or auth.uid() = p_user_id
    then exists (select 1 from auth.users u where u.id = p_user_id and u.email_confirmed_at is not null) end
$$;
