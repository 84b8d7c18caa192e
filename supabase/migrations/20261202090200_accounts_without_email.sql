-- Accounts without an e-mail address (phone and anonymous sign-ups on the same Supabase project) have
-- no profile (migration 20261125080000) and reach only sign-out (docs/decisions.md decision 31): the
-- API answers them 403 `email_required`, and row-level security agrees: such an account creates no deal. It could join none
-- either, as invitations go to proved addresses only (migration 20261125084000). An address not yet
-- confirmed still counts: the embedded platform signs a registrant in at once, before the link is
-- opened, and the product lets them start a deal (docs/access-model.md).

-- Whether the calling account has an address: GoTrue leaves email null (or empty) for phone and
-- anonymous sign-ups and marks the latter is_anonymous. Only about the caller.
create or replace function private.caller_has_email() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from auth.users u
                 where u.id = (select auth.uid()) and coalesce(btrim(u.email), '') <> '' and not u.is_anonymous)
$$;
revoke execute on function private.caller_has_email() from public, anon;
grant execute on function private.caller_has_email() to authenticated;

drop policy deals_insert on public.deals;
create policy deals_insert on public.deals for insert to authenticated
  with check (owner_id = (select auth.uid()) and (select private.caller_has_email()));
