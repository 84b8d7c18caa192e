import { IconButton } from '@chakra-ui/react';
import { MoreHorizontal } from 'lucide-react';
import { Suspense, useState, type ReactNode } from 'react';
import { lazyPage } from '../../../lib/lazy-page';

export interface MenuEntry {
  value: string;
  label: string;
  icon: ReactNode;
  danger?: boolean;
  onSelect: () => void;
}

// The menu's code (Chakra/Ark menu and floating-ui, some 19 KB compressed) loads when a row's button is
// pointed at, focused or pressed: most visits to the data room open no row menu (decision 67).
const RowMenuContent = lazyPage(() => import('./row-menu-content').then((m) => ({ default: m.RowMenuContent })));
const preloadMenu = () => void RowMenuContent.preload().catch(() => undefined);

/**
 * A row's action menu. The menu machine is created on first use only: a long list renders a plain button
 * per row, so the first rows of a large folder paint sooner. While its code loads the button stays as it is.
 */
export function RowMenu({ label, entries, onPreload }: { label: string; entries: MenuEntry[]; onPreload?: () => void }) {
  const [armed, setArmed] = useState(false);
  if (entries.length === 0) return null;
  const preload = () => {
    preloadMenu();
    onPreload?.();
  };
  const trigger = (
    <IconButton
      aria-label={label}
      variant="ghost"
      size="xs"
      color="fg.muted"
      onPointerEnter={armed ? undefined : preload}
      onFocus={armed ? undefined : preload}
      onClick={armed ? undefined : () => setArmed(true)}
    >
      <MoreHorizontal />
    </IconButton>
  );
  if (!armed) return trigger;
  return (
    <Suspense fallback={trigger}>
      <RowMenuContent trigger={trigger} entries={entries} />
    </Suspense>
  );
}
