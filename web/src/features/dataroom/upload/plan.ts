import { joinPath, normalizePath, pathSegments, relativeDir } from '../../../lib/file-urls';
import { isSystemFile } from '../../../lib/system-files';

/** The relative path a picked (webkitdirectory) or dropped (use-file-drop.ts) file carries. */
export function relativePathOf(file: File): string {
  const withPaths = file as File & { relativePath?: string; path?: string };
  return withPaths.webkitRelativePath || withPaths.relativePath || withPaths.path || file.name;
}

export interface PlannedFile {
  file: File;
  /** The data-room folder it goes to. */
  path: string;
}

export interface ImportPlan {
  /** Folders to create, parents before children. */
  folders: string[];
  files: PlannedFile[];
}

/**
 * Recreates a picked or dropped directory tree under `basePath`: every folder on the way to each file,
 * and each file with the folder of its relative path. System files are left out.
 */
export function planImport(files: readonly File[], basePath: string): ImportPlan {
  const base = normalizePath(basePath);
  const folders = new Set<string>();
  const planned: PlannedFile[] = [];
  for (const file of files) {
    if (isSystemFile(file.name)) continue;
    const dir = relativeDir(relativePathOf(file));
    let acc = base;
    for (const segment of pathSegments(dir)) {
      acc = joinPath(acc, segment);
      folders.add(acc);
    }
    planned.push({ file, path: joinPath(base, dir) });
  }
  const ordered = [...folders].sort((a, b) => {
    const depth = pathSegments(a).length - pathSegments(b).length;
    return depth !== 0 ? depth : a.localeCompare(b);
  });
  return { folders: ordered, files: planned };
}
