import { Box, Button, Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import {
  ArrowLeft,
  KeyRound,
  LayoutDashboard,
  Library,
  ListChecks,
  LogOut,
  ScrollText,
  ShieldCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { MainOutlet } from '../../components/layout/main-outlet';
import { NavTab } from '../../components/layout/nav-tab';
import { Logo } from '../../components/logo';
import { displayName } from '../../lib/format';
import { useCurrentUser } from '../../lib/session';
import { useLogout } from '../../lib/use-logout';

export interface AdminNavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** The admin portal's pages (docs/product.md §2), grouped as the sidebar shows them. */
export const ADMIN_NAV: { section: string; items: AdminNavItem[] }[] = [
  { section: 'Overview', items: [{ label: 'Dashboard', to: '/admin', icon: LayoutDashboard }] },
  {
    section: 'People',
    items: [
      { label: 'Super Admins', to: '/admin/super-admins', icon: ShieldCheck },
      { label: 'Users', to: '/admin/users', icon: Users },
    ],
  },
  {
    section: 'Checklists',
    items: [
      { label: 'Catalog Items', to: '/admin/catalog', icon: Library },
      { label: 'Checklist Presets', to: '/admin/presets', icon: ListChecks },
    ],
  },
  {
    section: 'Security',
    items: [
      { label: 'Permission Sets', to: '/admin/permission-sets', icon: KeyRound },
      { label: 'Audit Logs', to: '/admin/audit', icon: ScrollText },
    ],
  },
];

const ALL_ITEMS = ADMIN_NAV.flatMap((group) => group.items);

/** The nav entry lit for a path: the dashboard only at /admin itself, the others for their sub-paths too. */
export function activeAdminItem(pathname: string): AdminNavItem | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/admin') return ALL_ITEMS[0];
  return ALL_ITEMS.find((item) => item.to !== '/admin' && (path === item.to || path.startsWith(`${item.to}/`)));
}

/** The look of the Back to App and Logout buttons on the dark brand bars. */
const ON_DARK = { variant: 'ghost', color: 'whiteAlpha.800', _hover: { bg: 'whiteAlpha.100', color: 'white' } } as const;

function SidebarLink({ item, active }: { item: AdminNavItem; active: boolean }) {
  const Icon = item.icon;
  return (
    <RouterLink to={item.to} aria-current={active ? 'page' : undefined}>
      <HStack
        gap="3"
        px="3"
        h="9"
        rounded="md"
        textStyle="sm"
        fontWeight="medium"
        color={active ? 'white' : 'whiteAlpha.700'}
        bg={active ? 'whiteAlpha.200' : 'transparent'}
        _hover={{ bg: active ? 'whiteAlpha.200' : 'whiteAlpha.100', color: 'white' }}
        transition="background 0.15s, color 0.15s"
      >
        <Icon size={16} />
        {item.label}
      </HStack>
    </RouterLink>
  );
}

function Sidebar({ current }: { current?: AdminNavItem }) {
  const user = useCurrentUser();
  const logout = useLogout();
  return (
    <Box as="aside" display={{ base: 'none', lg: 'block' }} w="64" flexShrink={0} bg="brand.900" color="white">
      <Flex direction="column" position="sticky" top="0" h="100vh">
        <Box px="5" pt="5" pb="4">
          <RouterLink to="/admin" aria-label="Admin Portal home">
            <Logo color="white" />
          </RouterLink>
          <Text mt="2" textStyle="xs" fontWeight="semibold" letterSpacing="wider" color="whiteAlpha.600">
            ADMIN PORTAL
          </Text>
        </Box>
        <Stack as="nav" aria-label="Admin sections" gap="5" px="3" py="2" flex="1" overflowY="auto">
          {ADMIN_NAV.map((group) => (
            <Stack key={group.section} gap="1">
              <Text px="3" textStyle="xs" fontWeight="medium" color="whiteAlpha.700">
                {group.section}
              </Text>
              {group.items.map((item) => (
                <SidebarLink key={item.to} item={item} active={current === item} />
              ))}
            </Stack>
          ))}
        </Stack>
        <Stack gap="3" px="3" py="4" borderTopWidth="1px" borderColor="whiteAlpha.200">
          {user && (
            <Box px="3" minW="0">
              <Text textStyle="sm" fontWeight="medium" truncate>
                {displayName(user)}
              </Text>
              <Text textStyle="xs" color="whiteAlpha.600" truncate>
                {user.email}
              </Text>
            </Box>
          )}
          <Stack gap="1">
            <Button asChild size="sm" justifyContent="flex-start" {...ON_DARK}>
              <RouterLink to="/">
                <ArrowLeft size={16} /> Back to App
              </RouterLink>
            </Button>
            <Button size="sm" justifyContent="flex-start" {...ON_DARK} onClick={logout}>
              <LogOut size={16} /> Logout
            </Button>
          </Stack>
        </Stack>
      </Flex>
    </Box>
  );
}

/** Below lg: a dark bar with the actions over a scrolling row of sections. */
function MobileBar({ current }: { current?: AdminNavItem }) {
  const logout = useLogout();
  const navRef = useRef<HTMLDivElement>(null);
  // Keeps the current section in sight in the scrolling row.
  useEffect(() => {
    const link = navRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    link?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [current]);
  return (
    <Box display={{ base: 'block', lg: 'none' }} position="sticky" top="0" zIndex="sticky">
      <Flex bg="brand.900" color="white" h="14" px="4" align="center" gap="3">
        <RouterLink to="/admin" aria-label="Admin Portal home">
          <Logo color="white" showName={false} />
        </RouterLink>
        <Text fontWeight="semibold" textStyle="sm" flex="1" truncate>
          Admin Portal
        </Text>
        <Button asChild size="sm" {...ON_DARK}>
          <RouterLink to="/">
            <ArrowLeft size={16} /> Back to App
          </RouterLink>
        </Button>
        <IconButton aria-label="Logout" title="Logout" size="sm" {...ON_DARK} onClick={logout}>
          <LogOut />
        </IconButton>
      </Flex>
      <HStack ref={navRef} as="nav" aria-label="Admin sections" bg="bg" borderBottomWidth="1px" gap="0" px="2" overflowX="auto">
        {ADMIN_NAV.flatMap((group) => group.items).map((item) => (
          <NavTab key={item.to} to={item.to} icon={item.icon} label={item.label} active={current === item} />
        ))}
      </HStack>
    </Box>
  );
}

/** The layout of every /admin route (docs/product.md §2 Admin portal shell): navigation, Back to App, Logout. */
export function AdminLayout() {
  const { pathname } = useLocation();
  const current = activeAdminItem(pathname);
  return (
    <Flex minH="100vh" bg="bg.canvas">
      <Sidebar current={current} />
      <Box flex="1" minW="0">
        <MobileBar current={current} />
        <MainOutlet />
      </Box>
    </Flex>
  );
}

export default AdminLayout;
