import { Button, Center } from '@chakra-ui/react';
import { CloudOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../components/empty-state';
import { useSessionBootstrap } from '../lib/session';

/** The app once the session is resolved (lib/session.tsx), or the page saying the server cannot be reached. */
export function SessionBootstrap({ children }: { children: ReactNode }) {
  const { unreachable, retry } = useSessionBootstrap();
  if (unreachable) {
    return (
      <Center minH="100vh" p="6">
        <EmptyState
          icon={<CloudOff />}
          title="The data room cannot be reached"
          description="Your connection or the server is down for the moment. You are still signed in; try again in a little while."
          action={
            <Button colorPalette="brand" onClick={retry}>
              Try Again
            </Button>
          }
        />
      </Center>
    );
  }
  return <>{children}</>;
}
