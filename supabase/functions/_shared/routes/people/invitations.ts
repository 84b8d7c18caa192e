import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import type { ApiDeps, ApiEnv } from '../../context.ts';
import { asUser, type Tx } from '../../db.ts';
import { HttpError } from '../../errors.ts';
import { parseOrThrow, readJson } from '../../validate.ts';
import {
  INVITE_DAYS,
  checkIds,
  dealAccess,
  invite,
  mailInvitation,
  requireManage,
  resolveSet,
  splitEmails,
  peopleScope,
} from './common.ts';
import {
  emailValue,
  invitationAnswerBody,
  inviteBody,
  inviteBulkBody,
  inviteOneBody,
  invitePart1Body,
  uuid,
} from '../../contracts/people.ts';

/** Invitations to a deal: list, send (one, the older form, many), resend, revoke (docs/product.md §7 People). */
export function invitationRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const run = peopleScope(deps);
  // Invitations.
  app.get('/:dealId/invitations', async (c) =>
    c.json(
      await run(c, async (tx, access) => {
        requireManage(access);
        return tx`
      select i.id, i.email, i.status, i.invited_at, i.expires_at, i.company, i.permission_set_id, ps.name as permission_set_name,
             i.group_ids, i.tag_ids, (i.expires_at < now()) as is_expired, p.email as invited_by_email
      from public.invitations i join public.permission_sets ps on ps.id = i.permission_set_id
      left join public.profiles p on p.id = i.invited_by
      where i.deal_id = ${access.dealId} order by i.invited_at desc`;
      }),
    ),
  );

  const prepareInvite = async (tx: Tx, access: Awaited<ReturnType<typeof dealAccess>>, body: z.infer<typeof inviteBody>) => {
    requireManage(access);
    await checkIds(tx, access.dealId, 'deal_groups', body.group_ids);
    await checkIds(tx, access.dealId, 'deal_tags', body.tag_ids);
    return {
      permission_set_id: await resolveSet(tx, access.dealId, body.permission_set_id),
      group_ids: body.group_ids,
      tag_ids: body.tag_ids,
      company: body.company,
    };
  };

  app.post('/:dealId/invitations', async (c) => {
    const body = await readJson(c, inviteOneBody);
    const email = emailValue.safeParse(body.email);
    if (!email.success) throw new HttpError(400, `"${body.email}" is not a valid email address.`);
    return c.json(
      await run(c, async (tx, access) => {
        const base = await prepareInvite(tx, access, body);
        const result = await invite(deps, tx, access.dealId, access.userId, { ...base, email: email.data });
        if (result.skipped) throw new HttpError(409, `${email.data} is ${result.skipped}.`);
        return { id: result.id, email: email.data, status: 'pending' };
      }),
      201,
    );
  });

  // Part 1's form: {email, permission_set (name), company}.
  app.post('/:dealId/invite', async (c) => {
    const body = await readJson(c, invitePart1Body);
    const email = emailValue.safeParse(body.email);
    if (!email.success) throw new HttpError(400, `"${body.email}" is not a valid email address.`);
    return c.json(
      await run(c, async (tx, access) => {
        const base = await prepareInvite(tx, access, {
          permission_set_id: body.permission_set,
          group_ids: [],
          tag_ids: [],
          company: body.company,
        });
        const result = await invite(deps, tx, access.dealId, access.userId, { ...base, email: email.data });
        if (result.skipped) throw new HttpError(409, `${email.data} is ${result.skipped}.`);
        return { id: result.id, email: email.data, status: 'pending' };
      }),
      201,
    );
  });

  app.post('/:dealId/invitations/bulk', async (c) => {
    const body = await readJson(c, inviteBulkBody);
    const list = splitEmails(Array.isArray(body.emails) ? body.emails.join('\n') : body.emails).map((raw) => ({
      raw,
      email: emailValue.safeParse(raw),
    }));
    // Entries with an '@' that are still not addresses do not count: a list of only those is refused too.
    if (!list.some((entry) => entry.email.success)) throw new HttpError(400, 'Please enter at least one valid email address');
    if (list.length > 500) throw new HttpError(400, 'At most 500 invitations can be sent at once.');
    return c.json(
      await run(c, async (tx, access) => {
        const base = await prepareInvite(tx, access, body);
        let created = 0;
        const skipped: { email: string; reason: string }[] = [];
        for (const { raw, email } of list) {
          if (!email.success) {
            skipped.push({ email: raw, reason: 'not a valid email address' });
            continue;
          }
          const result = await invite(deps, tx, access.dealId, access.userId, { ...base, email: email.data });
          if (result.skipped) skipped.push({ email: email.data, reason: result.skipped });
          else created++;
        }
        return { created_count: created, skipped_count: skipped.length, skipped };
      }),
      201,
    );
  });

  const invitationParam = (c: Context<ApiEnv>) => {
    const id = c.req.param('invitationId') ?? '';
    if (!uuid.safeParse(id).success) throw new HttpError(404, 'Invitation not found.');
    return id;
  };

  app.post('/:dealId/invitations/:invitationId/resend', async (c) =>
    c.json(
      await run(c, async (tx, access) => {
        requireManage(access);
        const id = invitationParam(c);
        const updated = await tx`
      update public.invitations set expires_at = now() + make_interval(days => ${INVITE_DAYS}), invited_at = now()
      where id = ${id} and deal_id = ${access.dealId} and status = 'pending' returning id, expires_at`;
        if (!updated.length) throw new HttpError(404, 'Invitation not found.');
        await mailInvitation(deps, tx, id);
        return { id, expires_at: updated[0].expires_at, resent: true };
      }),
    ),
  );

  app.delete('/:dealId/invitations/:invitationId', async (c) =>
    c.json(
      await run(c, async (tx, access) => {
        requireManage(access);
        const id = invitationParam(c);
        const deleted = await tx`delete from public.invitations where id = ${id} and deal_id = ${access.dealId} returning id`;
        if (!deleted.length) throw new HttpError(404, 'Invitation not found.');
        return { id, revoked: true };
      }),
    ),
  );

  return app;
}

/** The signed-in person's own invitations (docs/product.md §7): list, accept, decline. */
export function myInvitationRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  app.get('/my-invitations', async (c) =>
    c.json(
      await asUser(
        deps.sql,
        c.get('claims'),
        (tx) => tx`
    select invitation_id, deal_id, deal_name, deal_description, invited_by_name, invited_by,
           invited_at, expires_at, is_expired, permission_set_name
    from private.my_invitations()`,
      ),
    ),
  );

  const respond = (accept: boolean) => async (c: Context<ApiEnv>) => {
    const id = c.req.param('invitationId') ?? '';
    if (!uuid.safeParse(id).success) throw new HttpError(404, 'Invitation not found');
    // Through the mailed link the body carries its token; from the in-app banner there is none.
    const text = await c.req.text();
    let token: string | null = null;
    if (text.trim()) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new HttpError(400, 'The request body is not valid JSON.');
      }
      token = parseOrThrow(invitationAnswerBody, parsed).token ?? null;
    }
    const dealId = await asUser(deps.sql, c.get('claims'), async (tx) => {
      const [row] = await tx<{ deal_id: string }[]>`select private.respond_to_invitation(${id}, ${accept}, ${token}) as deal_id`;
      return row.deal_id;
    });
    return c.json({ invitation_id: id, deal_id: dealId, status: accept ? 'accepted' : 'declined' });
  };
  app.post('/:invitationId/accept', respond(true));
  app.post('/:invitationId/decline', respond(false));

  return app;
}
