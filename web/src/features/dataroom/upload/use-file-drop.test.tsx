import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { relativeDir } from '../../../lib/file-urls';
import { relativePathOf } from './plan';
import { useFileDrop } from './use-file-drop';

// jsdom has no drag and drop: these stand in for what Chromium hands a drop handler (FileSystemEntry
// trees), with one of its rules kept: the DataTransfer's items are gone once the drop event returns.
const fileEntry = (fullPath: string) => ({
  isFile: true,
  isDirectory: false,
  fullPath,
  file: (ok: (f: File) => void) => setTimeout(() => ok(new File(['x'], fullPath.split('/').pop() ?? '')), 0),
});
const dirEntry = (fullPath: string, children: unknown[]) => ({
  isFile: false,
  isDirectory: true,
  fullPath,
  // Two batches, then the empty one that ends a directory.
  createReader: () => {
    const batches = [children.slice(0, 1), children.slice(1), []];
    return { readEntries: (ok: (b: unknown[]) => void) => setTimeout(() => ok(batches.shift() ?? []), 0) };
  },
});

function dropOf(entries: ReturnType<typeof fileEntry | typeof dirEntry>[]) {
  let live = true;
  const items = entries.map((entry) => ({
    kind: 'file',
    webkitGetAsEntry: () => (live ? entry : null),
    getAsFile: () => (live && entry.isFile ? new File(['x'], entry.fullPath.slice(1)) : null),
  }));
  const dataTransfer = { types: ['Files'], items, files: [], dropEffect: 'none' };
  return { dataTransfer, end: () => (live = false) };
}

function Zone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const drop = useFileDrop(onFiles, true);
  return (
    <div data-testid="zone" {...drop.rootProps}>
      {drop.active && <p>Drop to upload</p>}
    </div>
  );
}

describe('useFileDrop', () => {
  it('reads a dropped folder and file inside the drop event, each file with the path it had', async () => {
    const onFiles = vi.fn();
    render(<Zone onFiles={onFiles} />);
    const zone = screen.getByTestId('zone');
    const drop = dropOf([
      dirEntry('/Target', [fileEntry('/Target/a.txt'), dirEntry('/Target/Sub', [fileEntry('/Target/Sub/b.txt')])]),
      fileEntry('/note.txt'),
    ]);
    fireEvent.dragEnter(zone, { dataTransfer: drop.dataTransfer });
    expect(screen.getByText('Drop to upload')).toBeInTheDocument();
    fireEvent.drop(zone, { dataTransfer: drop.dataTransfer });
    drop.end();
    expect(screen.queryByText('Drop to upload')).not.toBeInTheDocument();

    await waitFor(() => expect(onFiles).toHaveBeenCalledTimes(1));
    const files: File[] = onFiles.mock.calls[0][0];
    expect(files.map((f) => [f.name, relativePathOf(f), relativeDir(relativePathOf(f))])).toEqual([
      ['a.txt', '/Target/a.txt', '/Target'],
      ['b.txt', '/Target/Sub/b.txt', '/Target/Sub'],
      ['note.txt', '/note.txt', '/'],
    ]);
  });

  it('ignores a drag that carries no files (text, a link)', () => {
    const onFiles = vi.fn();
    render(<Zone onFiles={onFiles} />);
    const zone = screen.getByTestId('zone');
    const dataTransfer = { types: ['text/plain'], items: [], files: [] };
    fireEvent.dragEnter(zone, { dataTransfer });
    expect(screen.queryByText('Drop to upload')).not.toBeInTheDocument();
    fireEvent.drop(zone, { dataTransfer });
    expect(onFiles).not.toHaveBeenCalled();
  });
});
