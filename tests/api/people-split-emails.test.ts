import { describe, expect, it } from 'vitest';
import { splitEmails } from '../../supabase/functions/_shared/routes/people/index.ts';

// docs/product.md §5: the text is split on commas and newlines, trimmed, and only entries containing '@' are kept.
describe('splitEmails', () => {
  it('splits on commas', () => {
    expect(splitEmails('a@x.com,b@x.com,c@x.com')).toEqual(['a@x.com', 'b@x.com', 'c@x.com']);
  });

  it('splits on newlines, CRLF and lone carriage returns', () => {
    expect(splitEmails('a@x.com\nb@x.com')).toEqual(['a@x.com', 'b@x.com']);
    expect(splitEmails('a@x.com\r\nb@x.com\r\n')).toEqual(['a@x.com', 'b@x.com']);
    expect(splitEmails('a@x.com\rb@x.com')).toEqual(['a@x.com', 'b@x.com']);
  });

  it('mixes commas and newlines, with blank entries between them', () => {
    expect(splitEmails('a@x.com,\n\nb@x.com,,c@x.com\r\n,d@x.com')).toEqual(['a@x.com', 'b@x.com', 'c@x.com', 'd@x.com']);
  });

  it('trims spaces and tabs around each entry', () => {
    expect(splitEmails('  a@x.com ,\tb@x.com\t\n   c@x.com   ')).toEqual(['a@x.com', 'b@x.com', 'c@x.com']);
  });

  it('drops entries without an @', () => {
    expect(splitEmails('Name,a@x.com,not an address\n\nb@x.com,   ,x.com')).toEqual(['a@x.com', 'b@x.com']);
    expect(splitEmails('no addresses here, none at all')).toEqual([]);
    expect(splitEmails('')).toEqual([]);
    expect(splitEmails(' \n , \r\n ')).toEqual([]);
  });

  it('keeps entries that contain an @ even when they are not valid addresses (the route reports those)', () => {
    expect(splitEmails('bad@, @bad, a@x.com')).toEqual(['bad@', '@bad', 'a@x.com']);
  });

  it('does not split on spaces or semicolons', () => {
    expect(splitEmails('a@x.com b@x.com')).toEqual(['a@x.com b@x.com']);
    expect(splitEmails('a@x.com;b@x.com')).toEqual(['a@x.com;b@x.com']);
  });

  it('lower-cases and removes duplicates, keeping the first occurrence order', () => {
    expect(splitEmails('B@x.com,a@x.com\nb@X.COM, A@x.com ,c@x.com,b@x.com')).toEqual(['b@x.com', 'a@x.com', 'c@x.com']);
  });
});
