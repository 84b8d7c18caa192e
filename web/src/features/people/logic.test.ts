import { describe, expect, it } from 'vitest';
import { bulkOperation, bulkResultToast, isSelectable, type BulkAction } from './bulk';
import { enabledCapabilities } from '../../lib/permission-sets';
import { previewCapabilities } from './capabilities';
import { GROUP_DEFAULT_COLOR, SWATCH_COLORS, TAG_DEFAULT_COLOR } from './colors';
import {
  INVITE_MESSAGES,
  loadedMessage,
  mergeEmailText,
  parseCsvEmails,
  splitEmails,
  validateInvitation,
  validateInviteEmail,
} from './emails';
import { initialSetId, memberForm, memberUpdate } from './member';
import { ANN, OWNER, SETS } from './testing';
import { formatExpiry, formatInvitationAge, formatLastActive } from './time';
import { CAPABILITIES } from './types';

describe('e-mail lists (docs/product.md §5)', () => {
  it('splits on commas and newlines, trims, keeps only entries with an @', () => {
    expect(splitEmails(' ann@x.com, bob@y.org\ncarl@z.io\r\n\n , not-an-email,  dee@w.net  ')).toEqual([
      'ann@x.com',
      'bob@y.org',
      'carl@z.io',
      'dee@w.net',
    ]);
  });

  it('drops repeated addresses, ignoring case', () => {
    expect(splitEmails('Ann@X.com, ann@x.com\nANN@x.COM')).toEqual(['Ann@X.com']);
  });

  it('finds nothing in blank or @-less text', () => {
    expect(splitEmails('')).toEqual([]);
    expect(splitEmails('foo, bar\nbaz')).toEqual([]);
  });

  it('reads the first column of each CSV line and keeps lines with an @', () => {
    const csv =
      '\uFEFFemail,name,company\nann@x.com,Ann,Buyer\n"bob@y.org","Stone, Bob",Firm\r\n\nno address here,1\ncarl@z.io\n  dee@w.net ;Dee\n';
    expect(parseCsvEmails(csv)).toEqual(['ann@x.com', 'bob@y.org', 'carl@z.io', 'dee@w.net']);
  });

  it("keeps a CSV's address once, as first written, when it comes again in another case", () => {
    expect(parseCsvEmails('Ann@X.com,Ann\nbob@y.org\nann@x.com,Ann again\n"ANN@X.COM"')).toEqual(['Ann@X.com', 'bob@y.org']);
  });

  it('ignores addresses that are not in the first column', () => {
    expect(parseCsvEmails('Ann,ann@x.com\nBob,bob@y.org')).toEqual([]);
  });

  it("reports 'Loaded N email addresses'", () => {
    expect(loadedMessage(3)).toBe('Loaded 3 email addresses');
    expect(loadedMessage(0)).toBe('Loaded 0 email addresses');
    expect(loadedMessage(1)).toBe('Loaded 1 email address');
  });

  it('adds loaded addresses to what is typed without repeating any', () => {
    expect(mergeEmailText('', ['a@x.com', 'b@x.com'])).toBe('a@x.com\nb@x.com');
    expect(mergeEmailText('a@x.com, c@x.com', ['A@x.com', 'b@x.com'])).toBe('a@x.com, c@x.com\nb@x.com');
    expect(mergeEmailText('a@x.com', ['a@x.com'])).toBe('a@x.com');
  });

  it('validates an Add Users form: addresses first, then the permission set', () => {
    expect(validateInvitation('', 'set-uv')).toBe(INVITE_MESSAGES.noEmails);
    expect(validateInvitation('foo, bar', 'set-uv')).toBe('Please enter at least one valid email address');
    expect(validateInvitation('a@x.com', '')).toBe('Please select a permission set');
    expect(validateInvitation('a@x.com', 'set-uv')).toBeNull();
  });

  it('requires the e-mail of Invite User (docs/product.md §5)', () => {
    expect(validateInviteEmail('   ')).toBe('Please enter an email address');
    expect(validateInviteEmail('a@x.com')).toBeNull();
  });
});

describe('capability requirements (docs/product.md §5)', () => {
  it('previews effective permissions: own set ∪ group sets, none unless active, all for admins', () => {
    const sets = SETS;
    const own = previewCapabilities({ role: 'member', status: 'active', permissionSetId: 'set-uo', groupSetIds: [], sets });
    expect(enabledCapabilities(own)).toEqual(['upload']);
    const withGroup = previewCapabilities({
      role: 'member',
      status: 'active',
      permissionSetId: 'set-uo',
      groupSetIds: ['set-fin', null],
      sets,
    });
    expect(enabledCapabilities(withGroup)).toEqual(['view', 'download', 'upload']);
    const suspended = previewCapabilities({
      role: 'member',
      status: 'suspended',
      permissionSetId: 'set-edit',
      groupSetIds: [],
      sets,
    });
    expect(enabledCapabilities(suspended)).toEqual([]);
    const admin = previewCapabilities({ role: 'admin', status: 'active', permissionSetId: null, groupSetIds: [], sets });
    expect(enabledCapabilities(admin)).toEqual([...CAPABILITIES]);
    const contributor = previewCapabilities({
      role: 'contributor',
      status: 'active',
      permissionSetId: null,
      groupSetIds: [],
      sets,
    });
    expect(contributor.edit_files).toBe(true);
  });
});

describe('dates (docs/product.md §4, §9)', () => {
  const now = new Date(2026, 10, 22, 15, 0, 0);
  const at = (days: number, hours = 0, minutes = 0) =>
    new Date(now.getTime() + ((days * 24 + hours) * 60 + minutes) * 60_000).toISOString();

  it('says when an invitation expires', () => {
    expect(formatExpiry(at(0, 0, -1), now)).toBe('Expired');
    expect(formatExpiry(at(-3), now)).toBe('Expired');
    expect(formatExpiry(at(0, 2), now)).toBe('Expires today');
    expect(formatExpiry(at(1), now)).toBe('Expires tomorrow');
    expect(formatExpiry(at(0, 10), now)).toBe('Expires tomorrow');
    expect(formatExpiry(at(2), now)).toBe('Expires in 2 days');
    expect(formatExpiry(at(7), now)).toBe('Expires in 7 days');
  });

  it('says how old an invitation is', () => {
    expect(formatInvitationAge(at(0, -3), now)).toBe('Today');
    expect(formatInvitationAge(at(-1), now)).toBe('Yesterday');
    expect(formatInvitationAge(at(0, -16), now)).toBe('Yesterday');
    expect(formatInvitationAge(at(-2), now)).toBe('2 days ago');
    expect(formatInvitationAge(at(-6), now)).toBe('6 days ago');
    expect(formatInvitationAge(at(-7), now)).toBe('Nov 15, 2026');
  });

  it('says when a member was last active', () => {
    expect(formatLastActive(null, now)).toBe('Never');
    expect(formatLastActive(at(0, 0, 0), now)).toBe('Just now');
    expect(formatLastActive(new Date(now.getTime() - 59_000), now)).toBe('Just now');
    expect(formatLastActive(at(0, 0, -5), now)).toBe('5m ago');
    expect(formatLastActive(at(0, -3), now)).toBe('3h ago');
    expect(formatLastActive(at(-2), now)).toBe('2d ago');
    expect(formatLastActive(at(-29), now)).toBe('29d ago');
    expect(formatLastActive(at(-30), now)).toBe('Oct 23, 2026');
  });
});

describe('bulk actions (docs/product.md §7)', () => {
  const actions: BulkAction[] = [
    { kind: 'set-permission-set', id: 's1' },
    { kind: 'add-group', id: 'g1' },
    { kind: 'remove-group', id: 'g1' },
    { kind: 'add-tag', id: 't1' },
    { kind: 'remove-tag', id: 't1' },
  ];

  it('carry exactly one operation each', () => {
    const ops = actions.map(bulkOperation);
    for (const op of ops) expect(Object.keys(op)).toHaveLength(1);
    expect(ops).toEqual([
      { permission_set_id: 's1' },
      { add_group_ids: ['g1'] },
      { remove_group_ids: ['g1'] },
      { add_tag_ids: ['t1'] },
      { remove_tag_ids: ['t1'] },
    ]);
  });

  it('never select the owner, and nobody without manage rights', () => {
    expect(isSelectable(OWNER, true)).toBe(false);
    expect(isSelectable(ANN, true)).toBe(true);
    expect(isSelectable(ANN, false)).toBe(false);
  });

  it('report partial failures as failed items', () => {
    expect(bulkResultToast(actions[0], { success_count: 2, failed_count: 0 })).toEqual({
      type: 'success',
      title: '2 users updated successfully',
    });
    expect(bulkResultToast(actions[1], { success_count: 1, failed_count: 0 }).title).toBe('User updated successfully');
    expect(bulkResultToast(actions[1], { success_count: 1, failed_count: 2 })).toEqual({
      type: 'error',
      title: '2 items failed to update',
      description: '1 user updated',
    });
    expect(bulkResultToast(actions[3], { success_count: 0, failed_count: 1 }).description).toBe('Failed to update tags');
    expect(
      bulkResultToast(actions[0], {
        success_count: 0,
        failed_count: 2,
        failed: [
          { reason: 'You can only give others rights you hold yourself' },
          { reason: 'You can only give others rights you hold yourself' },
        ],
      }).description,
    ).toBe('Failed to update users. You can only give others rights you hold yourself');
  });
});

describe('Edit User changes', () => {
  it('starts from the member’s set, or the set their legacy role maps to', () => {
    expect(initialSetId(ANN, SETS)).toBe('set-uv');
    expect(initialSetId({ permission_set_id: null, permission_set: 'edit' }, SETS)).toBe('set-edit');
    expect(initialSetId({ permission_set_id: null, permission_set: 'admin' }, SETS)).toBe('');
  });

  it('sends only what changed', () => {
    const before = memberForm(ANN, SETS);
    expect(memberUpdate(before, before)).toEqual({});
    expect(memberUpdate(before, { ...before, tagIds: ['t-key'] })).toEqual({ tag_ids: ['t-key'] });
    expect(memberUpdate(before, { ...before, groupIds: [...before.groupIds].reverse() })).toEqual({});
    expect(memberUpdate(before, { ...before, permissionSetId: 'set-edit', company: '  ', status: 'suspended' })).toEqual({
      permission_set_id: 'set-edit',
      company: null,
      status: 'suspended',
    });
  });
});

describe('colours (docs/product.md §3, §9)', () => {
  it('offers the ten colours with the group and tag defaults', () => {
    expect(SWATCH_COLORS).toHaveLength(10);
    expect(GROUP_DEFAULT_COLOR).toBe('#6366F1');
    expect(TAG_DEFAULT_COLOR).toBe('#10B981');
    expect(SWATCH_COLORS).toContain(GROUP_DEFAULT_COLOR);
    expect(SWATCH_COLORS).toContain(TAG_DEFAULT_COLOR);
  });
});
