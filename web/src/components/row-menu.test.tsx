import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/utils';
import { RowMenu } from './row-menu';

const entries = (onEdit = vi.fn()) => [
  { value: 'edit', label: 'Edit', icon: null, onSelect: onEdit },
  { value: 'delete', label: 'Delete', icon: null, danger: true, onSelect: vi.fn() },
];
const highlighted = () =>
  screen
    .queryAllByRole('menuitem')
    .filter((item) => item.hasAttribute('data-highlighted'))
    .map((item) => item.textContent);

describe('RowMenu', () => {
  it('opens on the first press, its first entry highlighted when the keyboard pressed it', async () => {
    const onEdit = vi.fn();
    renderPage(<RowMenu label="Manage Legal" entries={entries(onEdit)} />);
    // Enter or Space on a button is a click without a pointer: detail 0.
    fireEvent.click(screen.getByRole('button', { name: 'Manage Legal' }), { detail: 0 });
    await screen.findByRole('menuitem', { name: 'Edit' });
    expect(highlighted()).toEqual(['Edit']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
  });

  it('highlights nothing when a pointer pressed it', async () => {
    renderPage(<RowMenu label="Manage Legal" entries={entries()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Manage Legal' }), { detail: 1 });
    await screen.findByRole('menuitem', { name: 'Edit' });
    expect(highlighted()).toEqual([]);
  });
});
