import { Box } from '@chakra-ui/react';
import { AppHeader } from './app-header';
import { MainOutlet } from './main-outlet';

/** Signed-in screens outside a deal: the header over the page. */
export function AppLayout() {
  return (
    <Box minH="100vh">
      <AppHeader />
      <MainOutlet />
    </Box>
  );
}
