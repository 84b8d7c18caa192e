/** docs/product.md §5: system files are ignored on drop and import. */
const SYSTEM_FILES = new Set(['.ds_store', 'thumbs.db']);

export function isSystemFile(name: string): boolean {
  return SYSTEM_FILES.has(name.trim().toLowerCase());
}

export function withoutSystemFiles<T extends { name: string }>(files: readonly T[]): T[] {
  return files.filter((file) => !isSystemFile(file.name));
}
