import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderPage } from '../test/utils';
import { APPROVAL_LABELS as CHECKLIST_LABELS, APPROVAL_TONES as CHECKLIST_TONES } from '../features/checklist/logic';
import { reviewStatus } from '../features/review/logic';
import { APPROVAL_LABELS, APPROVAL_PALETTES, ApprovalBadge, approvalLabel } from '../components/approval-badge';

describe('one approval vocabulary', () => {
  it('reads the same on the file page, the checklist and the review queue (docs/product.md §4 wording)', () => {
    expect(APPROVAL_LABELS).toEqual({
      pending: 'Pending Review',
      review: 'In Review',
      approved: 'Approved',
      changes_requested: 'Changes Requested',
    });
    for (const status of ['pending', 'approved', 'changes_requested'] as const) {
      expect(CHECKLIST_LABELS[status]).toBe(APPROVAL_LABELS[status]);
      expect(CHECKLIST_TONES[status]).toBe(APPROVAL_PALETTES[status]);
    }
    for (const status of ['pending', 'review', 'approved', 'changes_requested'] as const) {
      expect(reviewStatus(status)).toEqual({ label: APPROVAL_LABELS[status], palette: APPROVAL_PALETTES[status] });
    }
  });

  it('an unknown or missing status reads as pending', () => {
    expect(approvalLabel('archived')).toBe('Pending Review');
    expect(approvalLabel(null)).toBe('Pending Review');
    expect(reviewStatus('whatever').label).toBe('Pending Review');
  });

  it('renders the label with its state for tests and styles', () => {
    renderPage(<ApprovalBadge status="changes_requested" />);
    expect(screen.getByText('Changes Requested')).toHaveAttribute('data-approval', 'changes_requested');
  });
});
