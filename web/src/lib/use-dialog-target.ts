import { useState } from 'react';

/** The value while it is set, else the last one that was: a dialog keeps its text while it animates out. */
export function useLastShown<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}

/** A form dialog that adds (row null) or edits a row; the row stays while the dialog animates out. */
export function useFormDialog<T>() {
  const [state, setState] = useState<{ open: boolean; row: T | null }>({ open: false, row: null });
  return {
    open: state.open,
    row: state.row,
    openFor: (row: T | null) => setState({ open: true, row }),
    close: () => setState((current) => ({ ...current, open: false })),
  };
}
