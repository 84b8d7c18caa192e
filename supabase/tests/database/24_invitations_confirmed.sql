-- An invitation is bound to an address: only an account that confirmed that address (opened a link
-- mailed to it) sees or answers it, whatever e-mail its token claims; a mailed link's token, when
-- presented, must match the latest one sent.
begin;
create extension if not exists pgtap with schema extensions;
select plan(12);

-- cfo: registered the address, never confirmed it
select tests.create_actors('24', 'inv24', array['owner', 'cfo', 'counsel']);
update auth.users set email_confirmed_at = now()
where id in ('24000000-0000-0000-0000-000000000001', '24000000-0000-0000-0000-000000000003');
select tests.create_deal('Inv24 Target', '24000000-0000-0000-0000-000000000001', '24000000-0000-0000-0000-0000000000a1');
insert into public.invitations (id, deal_id, email, permission_set_id, invited_by, token_hash)
select '24000000-0000-0000-0000-0000000000e1', '24000000-0000-0000-0000-0000000000a1', 'cfo@inv24.test', ps.id,
       '24000000-0000-0000-0000-000000000001', encode(extensions.digest('cfo-link-token-0123456789', 'sha256'), 'hex')
from public.permission_sets ps where ps.name = 'upload_view' and ps.deal_id is null;
insert into public.invitations (id, deal_id, email, permission_set_id, invited_by, token_hash)
select '24000000-0000-0000-0000-0000000000e2', '24000000-0000-0000-0000-0000000000a1', 'counsel@inv24.test', ps.id,
       '24000000-0000-0000-0000-000000000001', encode(extensions.digest('counsel-link-token-0123456789', 'sha256'), 'hex')
from public.permission_sets ps where ps.name = 'upload_view' and ps.deal_id is null;


-- ---------------------------------------------------------------- an unconfirmed address
select tests.as_user('24000000-0000-0000-0000-000000000002');
select is(private.verified_email(), null, 'an unconfirmed account has no verified address');
select is_empty($$select 1 from public.invitations$$, 'it reads no invitation row, though one is addressed to its e-mail');
select is_empty($$select 1 from private.my_invitations()$$, 'my_invitations lists nothing for it');
select throws_ok($$select private.respond_to_invitation('24000000-0000-0000-0000-0000000000e1', true)$$,
  'P0001', 'Confirm your email address first: open the confirmation link we sent you, then answer the invitation.',
  'it cannot accept');
select throws_ok($$select private.respond_to_invitation('24000000-0000-0000-0000-0000000000e1', true, 'cfo-link-token-0123456789')$$,
  'P0001', null, 'not even with the mailed token');

-- ---------------------------------------------------------------- a token claiming another address
select tests.as_user('24000000-0000-0000-0000-000000000003');
select is(private.verified_email(), 'counsel@inv24.test', 'the verified address comes from the account, not from the token''s claim');
select is_empty($$select 1 from public.invitations where email = 'cfo@inv24.test'$$, 'so claiming the CFO''s e-mail shows nothing of theirs');
select throws_ok($$select private.respond_to_invitation('24000000-0000-0000-0000-0000000000e1', true)$$,
  'P0002', 'Invitation not found', 'nor lets it accept the CFO''s invitation');

-- ---------------------------------------------------------------- a confirmed invitee and the link's token
select results_eq($$select invitation_id from private.my_invitations()$$,
  $$values ('24000000-0000-0000-0000-0000000000e2'::uuid)$$, 'a confirmed invitee sees its own invitation');
select throws_ok($$select private.respond_to_invitation('24000000-0000-0000-0000-0000000000e2', true, 'not-the-mailed-token-000')$$,
  'P0001', 'This invitation link is not valid. Open the link from the latest invitation e-mail.', 'a wrong link token is refused');
select lives_ok($$select private.respond_to_invitation('24000000-0000-0000-0000-0000000000e2', true, 'counsel-link-token-0123456789')$$,
  'the mailed token is accepted');
select tests.as_user('24000000-0000-0000-0000-000000000003');
select results_eq($$select status from public.deal_members where deal_id = '24000000-0000-0000-0000-0000000000a1' and user_id = '24000000-0000-0000-0000-000000000003'$$,
  $$values ('active'::text)$$, 'and the invitee is a member');

select * from finish();
rollback;
