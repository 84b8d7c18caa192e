import { Button } from '@chakra-ui/react';
import { Bug, Home } from 'lucide-react';
import { RefreshButton } from './refresh-button';
import { StatusPage } from './status-page';

/**
 * The general error screen (docs/product.md §2): 'Something went wrong' with Refresh Page and Go to Dashboard.
 * Uses plain navigation so it also works when the router itself failed.
 */
export function ErrorFallback() {
  return (
    <StatusPage
      icon={<Bug size={28} />}
      tone="red"
      title="Something went wrong"
      message="An unexpected error occurred while showing this page. Refreshing usually helps; if it keeps happening, return to the dashboard."
      actions={
        <>
          <RefreshButton />
          <Button colorPalette="brand" onClick={() => window.location.assign('/')}>
            <Home size={16} /> Go to Dashboard
          </Button>
        </>
      }
    />
  );
}
