import { Hono } from 'hono';
import type { ApiDeps, ApiEnv } from '../../context.ts';
import { accessRoutes } from './access.ts';
import { invitationRoutes } from './invitations.ts';
import { memberRoutes } from './members.ts';

export { myInvitationRoutes } from './invitations.ts';
export { membersQuery, splitEmails } from './common.ts';

/** People in a deal (docs/product.md §7 People), by area: members, permission sets with groups and tags, invitations. */
export function peopleRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  app.route('/', memberRoutes(deps));
  app.route('/', accessRoutes(deps));
  app.route('/', invitationRoutes(deps));
  return app;
}
