import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from '../../components/progress-bar';
import { AppProviders } from '../../app/providers';
import { progressColor } from '../../lib/progress';
import { pageCount } from '../../lib/paging';
import {
  buildSections,
  codePrefix,
  computeProgress,
  countItems,
  defaultTargetCategory,
  fileCountTone,
  initiallyOpen,
  itemMatches,
  MESSAGES,
  NEW_CATEGORY_PREFIX,
  OPEN_ALL_LIMIT,
  overrideValue,
  parseExpectedCount,
  validateCatalogSelection,
  validateCategory,
  validateExpectedCount,
  validateItem,
} from './logic';
import { categories, checklist, item, items } from './test/fixtures';

describe('category validation (docs/product.md §5)', () => {
  it('needs a name', () => {
    expect(validateCategory({ name: '  ', code: '' })).toEqual({ name: 'Please enter a category name' });
    expect(validateCategory({ name: 'Tax', code: '' })).toEqual({});
  });

  it('takes a code of at most 3 characters, or none', () => {
    expect(validateCategory({ name: 'Tax', code: 'A' }).code).toBeUndefined();
    expect(validateCategory({ name: 'Tax', code: 'HR1' }).code).toBeUndefined();
    expect(validateCategory({ name: 'Tax', code: ' ABC ' }).code).toBeUndefined();
    expect(validateCategory({ name: 'Tax', code: 'ABCD' }).code).toBe(MESSAGES.categoryCode);
    expect(MESSAGES.categoryCode).toBe('Category code must be at most 3 characters');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(validateCategory({ name: 'Tax', code: '税務部' }).code).toBeUndefined();
    expect(validateCategory({ name: 'Tax', code: '𝔸𝔹ℂ' }).code).toBeUndefined();
  });
});

describe('expected file count (integer, at least 0)', () => {
  it.each([
    ['0', 0],
    ['1', 1],
    [' 12 ', 12],
    [3, 3],
  ])('accepts %j', (input, value) => {
    expect(parseExpectedCount(input)).toBe(value);
    expect(validateExpectedCount(input)).toBeNull();
  });

  it.each(['', ' ', '-1', '1.5', '2e3', 'abc', '1,000', '+1', '99999999'])('rejects %j', (input) => {
    expect(parseExpectedCount(input)).toBeNull();
    expect(validateExpectedCount(input)).toBe('Expected file count must be a whole number of 0 or more');
  });
});

describe('item validation', () => {
  it('needs a name and a category', () => {
    expect(validateItem({ name: '', categoryId: '', expected: '1' })).toEqual({
      name: 'Please enter an item name',
      category: 'Please select a category',
    });
    expect(validateItem({ name: 'Bylaws', categoryId: 'c1', expected: '1' })).toEqual({});
    expect(validateItem({ name: 'Bylaws', categoryId: 'c1', expected: '-2' }).expected).toBe(MESSAGES.expectedCount);
  });
});

describe('catalog picker validation', () => {
  it('needs an item and a target category', () => {
    expect(validateCatalogSelection(null, null)).toBe('Please select an item and target category');
    expect(validateCatalogSelection('cat-1', '')).toBe('Please select an item and target category');
    expect(validateCatalogSelection(undefined, 'c1')).toBe('Please select an item and target category');
    expect(validateCatalogSelection('cat-1', 'c1')).toBeNull();
    expect(validateCatalogSelection('cat-1', `${NEW_CATEGORY_PREFIX}Tax Matters`)).toBeNull();
  });

  it('sends blank overrides as null so the catalog values apply', () => {
    expect(overrideValue('')).toBeNull();
    expect(overrideValue('   ')).toBeNull();
    expect(overrideValue(' Custom title ')).toBe('Custom title');
  });

  it('targets the deal category of the same name, else offers a new one', () => {
    expect(defaultTargetCategory(categories, 'tax matters', '')).toBe('c2');
    expect(defaultTargetCategory(categories, 'IP/Tech', '')).toBe(`${NEW_CATEGORY_PREFIX}IP/Tech`);
    expect(defaultTargetCategory(categories, 'IP/Tech', 'c1')).toBe('c1');
    expect(defaultTargetCategory(categories, null, 'c1')).toBe('c1');
    expect(codePrefix('F.12')).toBe('F');
    expect(codePrefix('ABCD.1')).toBeNull();
    expect(codePrefix(null)).toBeNull();
  });

  it('counts pages of 20', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(155, 20)).toBe(8);
  });
});

describe('search and status filter', () => {
  const data = checklist();

  it('shows every category and item without a filter', () => {
    const sections = buildSections(data, { search: '', status: 'all' });
    expect(sections.map((s) => s.category.name)).toEqual(['Corporate Documents', 'Tax Matters']);
    expect(sections.map((s) => s.visible.length)).toEqual([3, 1]);
  });

  it('keeps empty categories while not filtering', () => {
    const sections = buildSections(
      { ...data, categories: [...categories, { id: 'c9', name: 'IP/Tech', code: 'F', completed: 0, total: 0 }] },
      { search: '', status: 'all' },
    );
    expect(sections.at(-1)?.category.name).toBe('IP/Tech');
    expect(sections.at(-1)?.items).toEqual([]);
  });

  it('filters by status and drops categories without a match', () => {
    const provided = buildSections(data, { search: '', status: 'provided' });
    expect(provided.map((s) => s.category.name)).toEqual(['Corporate Documents']);
    expect(provided[0].visible.map((i) => i.id)).toEqual(['i1']);
    expect(provided[0].items).toHaveLength(3);
    expect(buildSections(data, { search: '', status: 'not_applicable' })[0].visible.map((i) => i.id)).toEqual(['i4']);
    expect(buildSections(data, { search: '', status: 'in_progress' })[0].visible.map((i) => i.id)).toEqual(['i2', 'i3']);
  });

  it('searches code, name and description, case-insensitively, every word', () => {
    const ids = (search: string) => buildSections(data, { search, status: 'all' }).flatMap((s) => s.visible.map((i) => i.id));
    expect(ids('a.2')).toEqual(['i2']);
    expect(ids('BYLAWS')).toEqual(['i2']);
    expect(ids('jurisdiction')).toEqual(['i3']);
    expect(ids('federal returns')).toEqual(['i4']);
    expect(ids('federal bylaws')).toEqual([]);
    expect(ids('   ')).toEqual(['i1', 'i2', 'i3', 'i4']);
  });

  it('combines search and status', () => {
    expect(itemMatches(items[0], { search: 'certificate', status: 'provided' })).toBe(true);
    expect(itemMatches(items[2], { search: 'certificate', status: 'provided' })).toBe(false);
  });

  it('finds items by category id even when the map key differs', () => {
    const sections = buildSections({ categories, checklist: { Renamed: items } }, { search: '', status: 'all' });
    expect(sections.map((s) => s.visible.length)).toEqual([3, 1]);
  });
});

describe('progress and counts', () => {
  it('counts provided and not applicable as complete', () => {
    expect(computeProgress(items)).toEqual({ completed: 2, total: 4 });
    expect(computeProgress([])).toEqual({ completed: 0, total: 0 });
  });

  it('colours under 30% red, under 70% yellow, else green; grey at 0 total', () => {
    expect(progressColor(computeProgress([]))).toBe('gray');
    const of = (done: number, total: number) =>
      progressColor(
        computeProgress(
          Array.from({ length: total }, (_, i) => item({ id: `x${i}`, status: i < done ? 'provided' : 'in_progress' })),
        ),
      );
    expect(of(2, 10)).toBe('red');
    expect(of(3, 10)).toBe('yellow');
    expect(of(6, 10)).toBe('yellow');
    expect(of(7, 10)).toBe('green');
    expect(of(10, 10)).toBe('green');
  });

  it('renders the bar in that colour', () => {
    const { container, rerender } = render(
      <AppProviders>
        <ProgressBar progress={{ completed: 1, total: 10 }} />
      </AppProviders>,
    );
    const bar = () => container.querySelector('[data-color]');
    expect(bar()).toHaveAttribute('data-color', 'red');
    rerender(
      <AppProviders>
        <ProgressBar progress={{ completed: 0, total: 0 }} />
      </AppProviders>,
    );
    expect(bar()).toHaveAttribute('data-color', 'gray');
  });

  it('tallies statuses and decisions', () => {
    expect(countItems(items)).toMatchObject({
      total: 4,
      in_progress: 2,
      provided: 1,
      not_applicable: 1,
      approved: 1,
      changes_requested: 1,
      required_open: 1,
    });
  });

  it('judges expected against actual files', () => {
    expect(fileCountTone(2, 2)).toBe('met');
    expect(fileCountTone(2, 1)).toBe('partial');
    expect(fileCountTone(0, 0)).toBe('none');
    expect(fileCountTone(0, 1)).toBe('partial');
  });
});

describe('which sections start open', () => {
  const many = (n: number) =>
    buildSections(
      {
        categories: [
          { id: 'a', name: 'A', code: null, completed: 0, total: n },
          { id: 'b', name: 'B', code: null, completed: 0, total: n },
        ],
        checklist: {
          A: Array.from({ length: n }, (_, i) => item({ id: `a${i}`, category_id: 'a' })),
          B: Array.from({ length: n }, (_, i) => item({ id: `b${i}`, category_id: 'b' })),
        },
      },
      { search: '', status: 'all' },
    );

  it('opens every section of a small checklist', () => {
    const sections = many(10);
    expect([0, 1].map((i) => initiallyOpen(i, sections, false))).toEqual([true, true]);
  });

  it('opens only the first section of a large one, so 1,000 rows are not rendered at once', () => {
    const sections = many(500);
    expect(sections.reduce((n, s) => n + s.items.length, 0)).toBeGreaterThan(OPEN_ALL_LIMIT);
    expect([0, 1].map((i) => initiallyOpen(i, sections, false))).toEqual([true, false]);
  });
});
