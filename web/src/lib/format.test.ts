import { describe, expect, it } from 'vitest';
import { activityAuthor, displayName, formatRelativeTime } from './format';

describe('displayName (header greeting)', () => {
  it('uses first and last name', () => {
    expect(displayName({ first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com' })).toBe('Jane Doe');
  });

  it('uses whichever name exists', () => {
    expect(displayName({ first_name: 'Jane', last_name: '', email: 'jane@example.com' })).toBe('Jane');
    expect(displayName({ first_name: null, last_name: 'Doe', email: 'jane@example.com' })).toBe('Doe');
  });

  it('falls back to the e-mail', () => {
    expect(displayName({ first_name: '', last_name: '  ', email: 'jane@example.com' })).toBe('jane@example.com');
  });

  it("names the author of a comment or activity whose account was deleted 'Deleted user'", () => {
    expect(activityAuthor({ user_first_name: null, user_last_name: null, user_email: null })).toBe('Deleted user');
    expect(activityAuthor({ user_first_name: 'Ada', user_last_name: '', user_email: 'ada@example.com' })).toBe('Ada');
  });

  it("falls back to 'Unknown User'", () => {
    expect(displayName({ first_name: '', last_name: '', email: '' })).toBe('Unknown User');
    expect(displayName(null)).toBe('Unknown User');
    expect(displayName(undefined)).toBe('Unknown User');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('reads Just now under a minute, then minutes, hours, days up to 6, then a date', () => {
    expect(formatRelativeTime('2026-03-10T11:59:30Z', now)).toBe('Just now');
    expect(formatRelativeTime('2026-03-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2026-03-10T11:59:00Z', now)).toBe('1 minute ago');
    expect(formatRelativeTime('2026-03-10T11:00:00Z', now)).toBe('1 hour ago');
    expect(formatRelativeTime('2026-03-09T12:00:00Z', now)).toBe('1 day ago');
    expect(formatRelativeTime('2026-03-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2026-03-04T12:00:00Z', now)).toBe('6 days ago');
    expect(formatRelativeTime('2026-03-01T12:00:00Z', now)).toBe('Mar 1, 2026');
  });
});
