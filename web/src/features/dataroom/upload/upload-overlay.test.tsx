import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/utils';
import { makeItem, type UploadItem, type UploadState } from './machine';
import { CANNOT_CLOSE_DURING_UPLOAD, UploadOverlay } from './upload-overlay';

const item = (name: string, over: Partial<UploadItem> = {}): UploadItem => ({
  ...makeItem(new File([new Uint8Array(1000)], name), '/Legal'),
  ...over,
});

function show(state: UploadState) {
  const handlers = {
    onCancel: vi.fn(),
    onClose: vi.fn(),
    onRetry: vi.fn(),
    onResolve: vi.fn(),
    onResolveAll: vi.fn(),
  };
  renderPage(<UploadOverlay state={state} {...handlers} />);
  return handlers;
}

describe('upload overlay', () => {
  it('shows files and bytes done while uploading and cannot be closed', async () => {
    const handlers = show({
      phase: 'uploading',
      kind: 'upload',
      items: [
        item('a.pdf', { status: 'done', loaded: 1000 }),
        item('b.pdf', { status: 'uploading', loaded: 500 }),
        item('c.pdf'),
      ],
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Uploading files')).toBeInTheDocument();
    expect(within(dialog).getByTestId('upload-file-count')).toHaveTextContent('1 of 3 files uploaded');
    expect(within(dialog).getByTestId('upload-byte-count')).toHaveTextContent('1.5 KB of 2.9 KB');
    expect(within(dialog).getByText('50%')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(await screen.findByText(CANNOT_CLOSE_DURING_UPLOAD)).toBeInTheDocument();
    expect(handlers.onClose).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(handlers.onCancel).toHaveBeenCalled();
  });

  it('offers Close and Try Again when files failed', async () => {
    const handlers = show({
      phase: 'failed',
      kind: 'upload',
      items: [
        item('a.pdf', { status: 'done', loaded: 1000 }),
        item('b.pdf', { status: 'failed', error: 'The file is larger than the limit of 10 bytes.' }),
      ],
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Upload finished with errors')).toBeInTheDocument();
    expect(within(dialog).getByText('1 failed')).toBeInTheDocument();
    expect(within(dialog).getByText('The file is larger than the limit of 10 bytes.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(handlers.onRetry).toHaveBeenCalled();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]);
    expect(handlers.onClose).toHaveBeenCalled();
  });

  it('says how much of a failed file storage kept, so Try Again sends only the rest', async () => {
    show({
      phase: 'failed',
      kind: 'upload',
      items: [
        item('model.xlsx', { status: 'failed', error: 'Network connection failed', stored: 600 }),
        item('tape.bin', { status: 'failed', error: 'Network connection failed', stored: 1000 }),
        item('other.pdf', { status: 'failed', error: 'Network connection failed' }),
      ],
    });
    const dialog = await screen.findByRole('dialog');
    const kept = within(dialog).getAllByTestId('upload-item-kept');
    expect(kept.map((line) => line.textContent)).toEqual([
      '600 B of 1000 B stored: Try Again sends only the rest.',
      'Every byte arrived: Try Again only finishes the upload.',
    ]);
    expect(within(dialog).getByTestId('upload-byte-count')).toHaveTextContent('1.6 KB of 2.9 KB');
  });

  it('asks what to do with a name that is taken', async () => {
    const conflicted = item('spa.pdf', {
      status: 'conflict',
      error: 'A file named "spa.pdf" already exists in this folder',
      existingFileId: 'f1',
    });
    const handlers = show({ phase: 'uploading', kind: 'upload', items: [conflicted] });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('A file named "spa.pdf" already exists in this folder')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload as new version' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep both' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Skip' }));
    expect(handlers.onResolve.mock.calls).toEqual([
      [conflicted.id, 'version'],
      [conflicted.id, 'keep_both'],
      [conflicted.id, 'skip'],
    ]);
  });

  it('says an import is preparing its folders first', async () => {
    show({ phase: 'preparing', kind: 'import', items: [item('a.pdf')] });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Preparing import')).toBeInTheDocument();
    expect(within(dialog).getByText('Creating folders…')).toBeInTheDocument();
  });
});
