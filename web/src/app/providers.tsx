import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider, createStore } from 'jotai';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query';
import { SessionBootstrap } from './session-bootstrap';
import { Toaster } from '../lib/toast';
import { system } from './theme';

type JotaiStore = ReturnType<typeof createStore>;

/** Chakra, TanStack Query, jotai, the session bootstrap and the toaster. */
export function AppProviders({
  children,
  queryClient,
  store,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  store?: JotaiStore;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [jotaiStore] = useState(() => store ?? createStore());
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <JotaiProvider store={jotaiStore}>
          <SessionBootstrap>{children}</SessionBootstrap>
          <Toaster />
        </JotaiProvider>
      </QueryClientProvider>
    </ChakraProvider>
  );
}
