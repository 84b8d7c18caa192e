import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../../lib/api/client';
import { isChecked, renderPage, stubApi } from '../../../test/utils';
import { DealFormDialog } from './deal-form-dialog';

const deal = { id: 'd1', name: 'Project Atlas', description: 'Target', require_mfa: false, watermark_downloads: false };

describe('Edit Deal: "Watermark downloads"', () => {
  it('shows the setting off, and saves it on', async () => {
    const calls = stubApi({ 'PUT /api/deals/d1': { ...deal, watermark_downloads: true } });
    localStorage.setItem(TOKEN_KEY, 'tok');
    const onClose = vi.fn();
    renderPage(<DealFormDialog open onClose={onClose} deal={deal} />);
    const toggle = await screen.findByRole('checkbox', { name: 'Watermark downloads' });
    expect(isChecked(toggle)).toBe(false);
    expect(screen.getByText(/Downloaded PDFs and images carry the downloader’s e-mail/)).toBeInTheDocument();
    fireEvent.click(toggle);
    await waitFor(() => expect(isChecked(toggle)).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.key === 'PUT /api/deals/d1').map((c) => c.body)).toEqual([
      { name: 'Project Atlas', description: 'Target', require_mfa: false, watermark_downloads: true, search_language: 'english' },
    ]);
  });
});
