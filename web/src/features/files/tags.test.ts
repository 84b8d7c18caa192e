import { describe, expect, it } from 'vitest';
import { parseTags, formatTags } from './tags';

describe('tags', () => {
  it('splits on commas, trims and drops empties', () => {
    expect(parseTags(' financials, audited ,,2024 , ')).toEqual(['financials', 'audited', '2024']);
    expect(parseTags('')).toEqual([]);
    expect(parseTags(' , ,')).toEqual([]);
  });

  it('keeps each tag once and round-trips', () => {
    expect(parseTags('a, b, a')).toEqual(['a', 'b']);
    expect(parseTags(formatTags(['Due diligence', 'Q1']))).toEqual(['Due diligence', 'Q1']);
  });
});
