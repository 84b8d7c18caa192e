/**
 * The built-in classifier on its own (supabase/functions/_shared/ai/classifier.ts): how it reads names
 * and how it ranks. Its accuracy on whole document sets is measured by `npm run bench -- ai`.
 */
import { describe, expect, it } from 'vitest';
import { classify, type ChecklistEntry } from '../../supabase/functions/_shared/ai/classifier.ts';
import { words } from '../../supabase/functions/_shared/ai/terms.ts';

const item = (item_id: string, name: string, category = 'General'): ChecklistEntry => ({ item_id, name, category });

describe('words', () => {
  it('keeps short abbreviations with two capitals whole, and still splits camelCase and digits', () => {
    expect(words('RoPA 2023.xlsx')).toEqual(['ropa', '2023', 'xlsx']);
    expect(words('QoE_adjustments')).toEqual(['qoe', 'adjustments']);
    expect(words('CoC analysis')).toEqual(['coc', 'analysis']);
    expect(words('boardMinutesFinal')).toEqual(['board', 'minutes', 'final']);
    expect(words('FY24 budget')).toEqual(['fy', '24', 'budget']);
  });
});

describe('classify', () => {
  it('reads an abbreviation in a file name as the request it names', () => {
    const checklist = [
      item('g1', 'Privacy notices and data protection policies', 'Privacy & Compliance'),
      item('g2', 'Records of processing activities (GDPR Art. 30)', 'Privacy & Compliance'),
      item('g6', 'Personal data breaches and security incidents', 'Privacy & Compliance'),
    ];
    expect(classify({ fileName: 'RoPA.xlsx', text: '', checklist }).candidates[0]?.item_id).toBe('g2');
  });

  it('reads an item by its current text: an edited item is matched by its new name, not a remembered one', () => {
    const before = [item('x', 'Real property leases', 'Real Estate'), item('y', 'Insurance policies', 'Insurance')];
    expect(classify({ fileName: 'Office lease.pdf', text: '', checklist: before }).candidates[0]?.item_id).toBe('x');
    const after = [item('x', 'Board minutes', 'Corporate'), item('y', 'Real property leases', 'Real Estate')];
    expect(classify({ fileName: 'Office lease.pdf', text: '', checklist: after }).candidates[0]?.item_id).toBe('y');
  });

  it('does not offer a match as certain when the name says other things than the item asks for', () => {
    const checklist = [
      item('b5', 'Budget and financial projections with assumptions', 'Financial Information'),
      item('h9', 'Schedule of insurance policies', 'Real Estate/Insurance'),
      item('a6', 'Board and committee minutes and written consents', 'Corporate Documents'),
    ];
    const text = 'Clinical Trial Agreement for study 201: budget per patient, payment schedule, publication, indemnification.';
    const byText = classify({ fileName: 'Clinical trial agreement - Mass General.pdf', text, checklist }).candidates[0];
    expect(byText?.item_id).toBe('b5');
    expect(byText?.confidence).toBeLessThanOrEqual(75);
    // The same text under a name that says it is a budget is offered with confidence.
    const named = classify({ fileName: 'Study 201 budget.pdf', text, checklist }).candidates[0];
    expect(named?.item_id).toBe('b5');
    expect(named?.confidence).toBeGreaterThanOrEqual(80);
  });

  it('never shows a lower-ranked candidate as more confident than the one above it', () => {
    // Two items the file matches almost equally and a third it barely matches: the runner-up's
    // confidence once came out above the leader's.
    const checklist = [
      item('a', 'Real property leases and subleases', 'Real Estate'),
      item('b', 'Schedule of leases', 'Real Estate'),
      item('c', 'Insurance policies', 'Insurance'),
      item('d', 'Board minutes', 'Corporate'),
    ];
    const { candidates } = classify({ fileName: 'Leases.pdf', text: 'Lease of the office. Schedule of rent.', checklist });
    expect(candidates.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < candidates.length; i++)
      expect(candidates[i].confidence, JSON.stringify(candidates)).toBeLessThanOrEqual(candidates[i - 1].confidence);
  });
});
