/**
 * Files and folders dropped on the data-room listing, without react-dropzone (with prop-types and
 * file-selector it was 15 KB compressed of the data room's first load; decision 67, issue 33). What a drop
 * carries is read inside the drop event: the browser empties its DataTransfer once the event returns, so
 * every item's entry (`webkitGetAsEntry`) is taken before the first await; a folder's tree is read after.
 * Each file carries the path it had in what was dropped (`relativePath`, as plan.ts reads it).
 */
import { useEffect, useRef, useState, type ChangeEvent, type CSSProperties, type DragEvent } from 'react';
import { notify } from '../../../lib/toast';

const carriesFiles = (event: { dataTransfer: DataTransfer | null }) => Boolean(event.dataTransfer?.types.includes('Files'));

const withPath = (file: File, path: string) => Object.defineProperty(file, 'relativePath', { value: path, configurable: true });

const fileOf = (entry: FileSystemFileEntry) =>
  new Promise<File>((resolve, reject) => entry.file((file) => resolve(withPath(file, entry.fullPath)), reject));

/** A directory reader answers in batches (Chromium: 100 entries); an empty batch is the end. */
async function filesUnder(entry: FileSystemDirectoryEntry): Promise<File[]> {
  const reader = entry.createReader();
  const children: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) break;
    children.push(...batch);
  }
  return (await Promise.all(children.map(filesOf))).flat();
}

function filesOf(entry: FileSystemEntry): Promise<File[]> {
  return entry.isDirectory
    ? filesUnder(entry as FileSystemDirectoryEntry)
    : fileOf(entry as FileSystemFileEntry).then((f) => [f]);
}

/** Synchronous part first: the items' entries, or the files themselves where a browser gives no entry. */
function takeDrop(data: DataTransfer): Promise<File[]> {
  const items = [...data.items].filter((item) => item.kind === 'file');
  if (items.length === 0) return Promise.resolve([...data.files].map((file) => withPath(file, file.name)));
  const taken = items.map((item) => ({ entry: item.webkitGetAsEntry?.() ?? null, file: item.getAsFile() }));
  return Promise.all(
    taken.map(({ entry, file }) =>
      entry?.isDirectory
        ? filesUnder(entry as FileSystemDirectoryEntry)
        : Promise.resolve(file ? [withPath(file, entry?.fullPath ?? file.name)] : []),
    ),
  ).then((lists) => lists.flat());
}

/** The same visually hidden input react-dropzone rendered (its styles), for the files a screen reader picks. */
const HIDDEN_INPUT: CSSProperties = {
  border: 0,
  clip: 'rect(0, 0, 0, 0)',
  clipPath: 'inset(50%)',
  height: '1px',
  margin: '0 -1px -1px 0',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  width: '1px',
  whiteSpace: 'nowrap',
};

/**
 * The drop zone's props, its hidden file input's, and whether files are being dragged over it. While
 * enabled, a drop that misses the zone does nothing (the browser would otherwise open the file).
 */
export function useFileDrop(onFiles: (files: File[]) => void, enabled: boolean, onDragStart?: () => void) {
  const [active, setActive] = useState(false);
  const depth = useRef(0);
  const zone = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!enabled) return;
    const outside = (event: globalThis.DragEvent) => {
      if (zone.current?.contains(event.target as Node)) return;
      event.preventDefault();
    };
    document.addEventListener('dragover', outside);
    document.addEventListener('drop', outside);
    return () => {
      document.removeEventListener('dragover', outside);
      document.removeEventListener('drop', outside);
    };
  }, [enabled]);

  const leaveAll = () => {
    depth.current = 0;
    setActive(false);
  };
  const rootProps = {
    ref: zone,
    role: 'presentation',
    onDragEnter: (event: DragEvent) => {
      if (!enabled || !carriesFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setActive(true);
      onDragStart?.();
    },
    onDragOver: (event: DragEvent) => {
      if (!enabled || !carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (event: DragEvent) => {
      if (!enabled || !carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setActive(false);
    },
    onDrop: (event: DragEvent) => {
      if (!enabled || !carriesFiles(event)) return;
      event.preventDefault();
      leaveAll();
      takeDrop(event.dataTransfer).then(onFiles, () =>
        notify.error('Failed to upload files', 'What was dropped could not be read.'),
      );
    },
  };
  const inputProps = {
    type: 'file',
    multiple: true,
    tabIndex: -1,
    style: HIDDEN_INPUT,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const files = [...(event.target.files ?? [])];
      event.target.value = '';
      onFiles(files);
    },
  };
  return { active, rootProps, inputProps };
}
