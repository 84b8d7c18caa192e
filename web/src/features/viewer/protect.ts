import type { SyntheticEvent } from 'react';

const prevent = (e: SyntheticEvent) => e.preventDefault();

/**
 * A view-only reader's document takes no selection, copy or context menu: a deterrent, not a guarantee
 * (docs/architecture.md "The viewer"); the server's stamp is the protection.
 */
export const protectProps = (protect: boolean) =>
  protect ? { userSelect: 'none' as const, onContextMenu: prevent, onCopy: prevent, 'data-protected': 'true' } : {};
