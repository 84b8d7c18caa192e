import { Box } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../spinners';
import { AppHeader } from './app-header';

/** Signed-in screens outside a deal: the header over the page. */
export function AppLayout() {
  return (
    <Box minH="100vh">
      <AppHeader />
      <Box as="main">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
