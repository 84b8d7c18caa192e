import { Box, Button, Flex, HStack, Separator, Text } from '@chakra-ui/react';
import { LogOut, Settings, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { displayName } from '../../lib/format';
import { useCurrentUser } from '../../lib/session';
import { useLogout } from '../../lib/use-logout';
import { Logo } from '../logo';

/** Button text that gives way to the icon alone on narrow screens. */
function Label({ children }: { children: string }) {
  return (
    <Box as="span" display={{ base: 'none', md: 'inline' }}>
      {children}
    </Box>
  );
}

/**
 * The header of every signed-in screen (docs/product.md §2): greeting, Settings, Admin Portal (super admins only),
 * Logout. `children` sits after the logo: the deal layout puts the deal name and its actions there.
 */
export function AppHeader({ children, maxW = '7xl' }: { children?: ReactNode; maxW?: string }) {
  const user = useCurrentUser();
  const logout = useLogout();
  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" borderColor="border" position="sticky" top="0" zIndex="sticky">
      <Flex maxW={maxW} mx="auto" px={{ base: '4', md: '6' }} h="14" align="center" gap={{ base: '2', md: '4' }}>
        <RouterLink to="/" aria-label="Data Room home" style={{ flexShrink: 0 }}>
          <Logo showName={!children} />
        </RouterLink>
        {children && (
          <>
            <Separator orientation="vertical" h="6" />
            <Flex align="center" gap="2" minW="0" flex="1">
              {children}
            </Flex>
          </>
        )}
        {!children && <Box flex="1" />}
        <HStack gap="1" flexShrink={0}>
          <Text
            textStyle="sm"
            color="fg.muted"
            mr="2"
            display={{ base: 'none', md: 'block' }}
            maxW="64"
            truncate
            data-testid="welcome"
          >
            Welcome,{' '}
            <Text as="span" color="fg" fontWeight="medium">
              {displayName(user)}
            </Text>
          </Text>
          <Button asChild variant="ghost" size="sm" colorPalette="gray" px={{ base: '2', md: '3' }}>
            <RouterLink to="/settings" aria-label="Settings">
              <Settings size={16} />
              <Label>Settings</Label>
            </RouterLink>
          </Button>
          {user?.is_super_admin && (
            <Button asChild variant="ghost" size="sm" colorPalette="gray" px={{ base: '2', md: '3' }}>
              <RouterLink to="/admin" aria-label="Admin Portal">
                <ShieldCheck size={16} />
                <Label>Admin Portal</Label>
              </RouterLink>
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={logout} aria-label="Logout" px={{ base: '2', md: '3' }}>
            <LogOut size={16} />
            <Label>Logout</Label>
          </Button>
        </HStack>
      </Flex>
    </Box>
  );
}
