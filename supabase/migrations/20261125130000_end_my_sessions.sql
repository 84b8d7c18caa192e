-- A person ends their own sessions (docs/decisions.md decision 19): after changing their password, or
-- with "Sign out everywhere". Every token issued to them before now is refused by the API's sign-in
-- check from here on; the change is audited once.
create or replace function public.end_my_sessions(p_reason text) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  if p_reason is null or p_reason not in ('password_changed', 'signed_out_everywhere') then
    raise exception 'Unknown reason: use password_changed or signed_out_everywhere' using errcode = 'P0001';
  end if;
  insert into private.session_cutoffs (user_id, not_before) values (auth.uid(), date_trunc('second', now()))
  on conflict (user_id) do update set not_before = excluded.not_before;
  perform private.audit('user_' || p_reason, 'user', auth.uid());
end $$;
revoke execute on function public.end_my_sessions(text) from public, anon;
grant execute on function public.end_my_sessions(text) to authenticated;
