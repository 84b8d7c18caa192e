import { useCallback, useState } from 'react';

/** Rows picked for "Download as ZIP": files and folders by id. */
export interface Selection {
  files: ReadonlySet<string>;
  folders: ReadonlySet<string>;
}

const toggled = (set: ReadonlySet<string>, id: string) => {
  const next = new Set(set);
  if (!next.delete(id)) next.add(id);
  return next;
};

export function useSelection() {
  const [selection, setSelection] = useState<Selection>({ files: new Set(), folders: new Set() });
  const toggleFile = useCallback((id: string) => setSelection((s) => ({ ...s, files: toggled(s.files, id) })), []);
  const toggleFolder = useCallback((id: string) => setSelection((s) => ({ ...s, folders: toggled(s.folders, id) })), []);
  const clear = useCallback(() => setSelection({ files: new Set(), folders: new Set() }), []);
  return { selection, count: selection.files.size + selection.folders.size, toggleFile, toggleFolder, clear };
}
