/**
 * Archive paths for a ZIP export (docs/decisions.md decision 48): the selection's folders kept, relative
 * to its common root, each name made one Windows and macOS accept, and no two entries of a folder equal
 * once case is ignored (both systems' file systems ignore it by default).
 */
import type { RenamedEntry } from './contracts/exports.ts';

export const MANIFEST_NAME = 'MANIFEST.txt';

// Refused by Windows (and ":" by the macOS Finder): < > : " / \ | ? * and control characters.
// eslint-disable-next-line no-control-regex -- control characters are what is being replaced
const ILLEGAL = /[<>:"/\\|?*\u0000-\u001f\u007f-\u009f]/g;
// Windows' reserved device names, alone or with any extension ("NUL.txt" too).
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/** One name as Windows and macOS accept it: illegal characters → "_", no trailing dots or spaces, no device names. */
export function safeName(name: string): string {
  let safe = name
    .normalize('NFC')
    .replace(ILLEGAL, '_')
    .replace(/[. ]+$/, '');
  if (!safe) safe = '_';
  if (RESERVED.test(safe)) safe = `_${safe}`;
  return safe;
}

/** "Report.pdf" → "Report (2).pdf"; a folder's name gets the number at its end. */
function numbered(name: string, n: number, isFolder: boolean): string {
  const dot = isFolder ? -1 : name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

const segmentsOf = (path: string): string[] => path.split('/').filter(Boolean);

/** The deepest folder holding every path given (each a folder's full path, "/" for the root). */
export function commonRoot(folderPaths: string[]): string[] {
  let root: string[] | undefined;
  for (const path of folderPaths) {
    const segments = segmentsOf(path);
    if (!root) {
      root = segments;
      continue;
    }
    let i = 0;
    while (i < root.length && i < segments.length && root[i] === segments[i]) i++;
    root = root.slice(0, i);
  }
  return root ?? [];
}

/** Hands out archive paths below a root: each folder mapped once, each name unique in its folder. */
export class ArchivePaths {
  private readonly taken = new Map<string, Set<string>>();
  private readonly folders = new Map<string, string>();
  readonly renamed: RenamedEntry[] = [];

  constructor(private readonly root: string[]) {
    // The manifest sits at the top of the archive; a file of that name is numbered.
    this.claim('', MANIFEST_NAME, false);
  }

  private claim(parent: string, name: string, isFolder: boolean): string {
    let used = this.taken.get(parent);
    if (!used) this.taken.set(parent, (used = new Set()));
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = numbered(name, n, isFolder);
    used.add(candidate.toLowerCase());
    return candidate;
  }

  /** The archive folder of an original folder path ("/A/B"), "" for the root. */
  private folder(originalSegments: string[]): string {
    const rel = originalSegments.slice(this.root.length);
    let archive = '';
    let original = '/' + this.root.join('/');
    for (const segment of rel) {
      original = original === '/' ? `/${segment}` : `${original}/${segment}`;
      let mapped = this.folders.get(original);
      if (mapped === undefined) {
        const name = this.claim(archive, safeName(segment), true);
        mapped = archive ? `${archive}/${name}` : name;
        this.folders.set(original, mapped);
        if (name !== segment) this.renamed.push({ original_path: original, archive_path: `${mapped}/` });
      }
      archive = mapped;
    }
    return archive;
  }

  /** The archive path of a folder's own entry ("A/B/") for its full path (which lies below the root). */
  folderEntry(folderPath: string): string {
    return `${this.folder(segmentsOf(folderPath))}/`;
  }

  /** The archive path of a file named `name` in the folder `folderPath` (which lies below the root). */
  file(folderPath: string, name: string): string {
    const dir = this.folder(segmentsOf(folderPath));
    const safe = this.claim(dir, safeName(name), false);
    const path = dir ? `${dir}/${safe}` : safe;
    if (safe !== name) {
      this.renamed.push({ original_path: folderPath === '/' ? `/${name}` : `${folderPath}/${name}`, archive_path: path });
    }
    return path;
  }
}
