import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import { MoreHorizontal } from 'lucide-react';
import { Suspense, useState, type ReactNode } from 'react';
import { lazyPage } from '../lib/lazy-page';

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
export function RowMenu({
  label,
  entries,
  onPreload,
  trigger: triggerStyle,
  minW = '40',
}: {
  label: string;
  entries: MenuEntry[];
  onPreload?: () => void;
  /** The button's look where a list wants its own (size, a button shown on hover). */
  trigger?: Omit<IconButtonProps, 'aria-label' | 'children'>;
  minW?: string;
}) {
  // 'keys' when Enter or Space pressed the button (a click with no pointer: detail 0): the menu then opens
  // with its first entry highlighted, as a menu opened from the keyboard does.
  const [armed, setArmed] = useState<false | 'pointer' | 'keys'>(false);
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
      {...triggerStyle}
      onPointerEnter={armed ? undefined : preload}
      onFocus={armed ? undefined : preload}
      onClick={armed ? undefined : (event) => setArmed(event.detail === 0 ? 'keys' : 'pointer')}
    >
      <MoreHorizontal />
    </IconButton>
  );
  if (!armed) return trigger;
  return (
    <Suspense fallback={trigger}>
      <RowMenuContent trigger={trigger} entries={entries} minW={minW} highlightFirst={armed === 'keys'} />
    </Suspense>
  );
}
