import { Box } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../spinners';

/** A layout's routed page in the main landmark, with the page spinner while the page's code loads. */
export function MainOutlet({ context }: { context?: unknown }) {
  return (
    <Box as="main">
      <Suspense fallback={<PageSpinner />}>
        <Outlet context={context} />
      </Suspense>
    </Box>
  );
}
