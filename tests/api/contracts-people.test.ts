import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  bulkInviteResult,
  bulkResult,
  companies,
  dealUser,
  enhancedUser,
  enhancedUsersPage,
  group,
  invitation,
  invitationAnswer,
  invitationResent,
  invitationSent,
  memberRemoved,
  myInvitation,
  permissionSet,
  tag,
} from '../../supabase/functions/_shared/contracts/people.ts';
import { deleted } from '../../supabase/functions/_shared/contracts/common.ts';
import { call, registerUser, uniqueEmail } from './helpers.ts';
import { expectAnswer } from './expect.ts';
import { peopleRoom, systemSetId } from './people-lib.ts';

// Every answer of the people screens' reads and changes parsed with its contract (strict: a field
// missing, added or of another type fails).
describe('people answers match their contracts', () => {
  it('members, sets, groups, tags and invitations', async () => {
    const r = await peopleRoom('cpp');
    const t = { token: r.owner.token };
    const b = r.base;
    const uploadView = await systemSetId('upload_view');

    expectAnswer(await call('GET', `${b}/permissions/sets`, t), 200, z.array(permissionSet));
    const set = expectAnswer(
      await call('POST', `${b}/permissions/sets`, { ...t, body: { name: 'Readers', capabilities: ['view'] } }),
      201,
      permissionSet,
    );
    expectAnswer(
      await call('PUT', `${b}/permissions/sets/${set.id}`, { ...t, body: { name: 'Readers 2', capabilities: ['view'] } }),
      200,
      permissionSet,
    );
    const grp = expectAnswer(await call('POST', `${b}/permissions/groups`, { ...t, body: { name: 'Advisers' } }), 201, group);
    expectAnswer(await call('PUT', `${b}/permissions/groups/${grp.id}`, { ...t, body: { name: 'Advisers 2' } }), 200, group);
    expectAnswer(await call('GET', `${b}/permissions/groups`, t), 200, z.array(group));
    const tg = expectAnswer(await call('POST', `${b}/permissions/tags`, { ...t, body: { name: 'Legal' } }), 201, tag);
    expectAnswer(await call('PUT', `${b}/permissions/tags/${tg.id}`, { ...t, body: { name: 'Legal 2' } }), 200, tag);
    expectAnswer(await call('GET', `${b}/permissions/tags`, t), 200, z.array(tag));

    const guest = await registerUser('cpp-guest');
    const sent = expectAnswer(
      await call('POST', `${b}/invitations`, {
        ...t,
        body: { email: guest.email, permission_set_id: uploadView, group_ids: [grp.id] },
      }),
      201,
      invitationSent,
    );
    expectAnswer(await call('POST', `${b}/invite`, { ...t, body: { email: uniqueEmail('cpp-p1') } }), 201, invitationSent);
    expectAnswer(
      await call('POST', `${b}/invitations/bulk`, {
        ...t,
        body: { emails: uniqueEmail('cpp-b'), permission_set_id: uploadView },
      }),
      201,
      bulkInviteResult,
    );
    const list = expectAnswer(await call('GET', `${b}/invitations`, t), 200, z.array(invitation));
    expect(list).toHaveLength(3);
    expectAnswer(await call('POST', `${b}/invitations/${sent.id}/resend`, t), 200, invitationResent);
    expectAnswer(await call('GET', '/invitations/my-invitations', { token: guest.token }), 200, z.array(myInvitation));
    expectAnswer(await call('POST', `/invitations/${sent.id}/accept`, { token: guest.token }), 200, invitationAnswer);

    const page = expectAnswer(await call('GET', `${b}/users-enhanced`, t), 200, enhancedUsersPage);
    expect(page.users).toHaveLength(2);
    expectAnswer(await call('GET', `${b}/users`, t), 200, z.array(dealUser));
    expectAnswer(
      await call('PUT', `${b}/users/${guest.id}/enhanced`, { ...t, body: { company: 'Acme', tag_ids: [tg.id] } }),
      200,
      enhancedUser,
    );
    expectAnswer(await call('PUT', `${b}/users/${guest.id}`, { ...t, body: { company: 'Acme 2' } }), 200, enhancedUser);
    expectAnswer(await call('GET', `${b}/companies`, t), 200, companies);
    expectAnswer(
      await call('POST', `${b}/users/bulk-update`, { ...t, body: { user_ids: [guest.id], remove_tag_ids: [tg.id] } }),
      200,
      bulkResult,
    );
    expectAnswer(await call('DELETE', `${b}/users/${guest.id}`, t), 200, memberRemoved);
    expectAnswer(await call('DELETE', `${b}/permissions/tags/${tg.id}`, t), 200, deleted);
    expectAnswer(await call('DELETE', `${b}/permissions/groups/${grp.id}`, t), 200, deleted);
    expectAnswer(await call('DELETE', `${b}/permissions/sets/${set.id}`, t), 200, deleted);
  });
});
