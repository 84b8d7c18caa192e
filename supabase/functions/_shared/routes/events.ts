/**
 * GET /deals/{dealId}/events: the deal's live events as Server-Sent Events (docs/architecture.md
 * "Live status"). Membership is checked when the stream opens; every event about a file or a question
 * (decision 51) is passed on only after the database says, as the reader, that they may see it, so no
 * one learns of a file or question hidden from them; a draft answer's, only to the answering side. The
 * stream ends when the reader's token expires; the browser reconnects with a new one.
 */
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ApiDeps, ApiEnv } from '../context.ts';
import { asUser } from '../db.ts';
import { withDeal } from '../deal-scope.ts';
import { HttpError } from '../errors.ts';
import type { DealEvent } from '../events.ts';

const HEARTBEAT_MS = 25_000;

export function eventRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  app.get('/:dealId/events', async (c) => {
    const events = deps.events;
    if (!events) throw new HttpError(501, 'Live updates are not available on this server; the app refreshes on its own.');
    const claims = c.get('claims');
    const dealId = await withDeal(deps, c, async (_tx, ctx) => ctx.dealId);
    const expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : Number.POSITIVE_INFINITY;

    /** Which of a batch's files and questions the reader may see, asked of the database as the reader. */
    const visibleOf = async (batch: DealEvent[]) => {
      const fileIds = [...new Set(batch.map((e) => e.file_id).filter((id): id is string => Boolean(id)))];
      const questionIds = [...new Set(batch.map((e) => e.question_id).filter((id): id is string => Boolean(id)))];
      const none = { files: new Set<string>(), questions: new Set<string>(), answering: false };
      if (!fileIds.length && !questionIds.length) return none;
      return asUser(deps.sql, claims, async (tx) => {
        const [row] = await tx<{ files: string[]; questions: string[]; answering: boolean }[]>`
          select array(select id from unnest(${fileIds}::uuid[]) as id where private.can_see_file(id)) as files,
                 array(select id from unnest(${questionIds}::uuid[]) as id where private.can_see_question(${dealId}, id)) as questions,
                 ${questionIds.length > 0} and private.has_capability(${dealId}, 'answer_questions') as answering`;
        return { files: new Set(row!.files), questions: new Set(row!.questions), answering: row!.answering };
      });
    };

    return streamSSE(c, async (stream) => {
      const pending: DealEvent[] = [];
      let wake: (() => void) | undefined;
      let open = true;
      const unsubscribe = events.subscribe((event) => {
        if (event.deal_id !== dealId) return;
        pending.push(event);
        wake?.();
      });
      stream.onAbort(() => {
        open = false;
        wake?.();
      });
      try {
        await stream.writeSSE({ event: 'ready', data: JSON.stringify({ deal_id: dealId }) });
        while (open && Date.now() < expiresAt) {
          if (!pending.length) {
            const quiet = await new Promise<boolean>((resolve) => {
              const timer = setTimeout(() => resolve(true), Math.min(HEARTBEAT_MS, Math.max(expiresAt - Date.now(), 0)));
              wake = () => {
                clearTimeout(timer);
                resolve(false);
              };
            });
            wake = undefined;
            if (quiet && open) await stream.write(': keep-alive\n\n');
            continue;
          }
          const batch = pending.splice(0, pending.length);
          const visible = await visibleOf(batch);
          for (const event of batch) {
            if (event.file_id && !visible.files.has(event.file_id)) continue;
            if (event.question_id && !visible.questions.has(event.question_id)) continue;
            if (event.answering_only && !visible.answering) continue;
            await stream.writeSSE({ event: event.type, data: JSON.stringify(event) });
          }
        }
      } catch {
        // The reader went away or the database is unavailable: the stream ends and the browser reconnects.
      } finally {
        unsubscribe();
      }
    });
  });

  return app;
}
