import { HStack } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { preloadRoute } from '../../lib/lazy-page';

/** One tab of a sideways-scrolling section bar (the deal tabs, the admin sections on a phone), underlined when current. */
export function NavTab({
  to,
  icon: Icon,
  label,
  active,
  hover = false,
}: {
  to: string;
  icon: LucideIcon;
  label: string;
  active: boolean;
  /** Darkens the label under the pointer. */
  hover?: boolean;
}) {
  return (
    <RouterLink
      to={to}
      aria-current={active ? 'page' : undefined}
      // The page's code starts loading while the pointer rests on its tab (or the tab has focus).
      onPointerEnter={() => preloadRoute(to)}
      onFocus={() => preloadRoute(to)}
    >
      <HStack
        gap="2"
        px="3"
        h="11"
        textStyle="sm"
        fontWeight="medium"
        whiteSpace="nowrap"
        color={active ? 'brand.fg' : 'fg.muted'}
        borderBottomWidth="2px"
        borderColor={active ? 'brand.solid' : 'transparent'}
        mb="-1px"
        _hover={hover ? { color: active ? 'brand.fg' : 'fg' } : undefined}
        transition={hover ? 'color 0.15s' : undefined}
      >
        <Icon size={16} />
        {label}
      </HStack>
    </RouterLink>
  );
}
