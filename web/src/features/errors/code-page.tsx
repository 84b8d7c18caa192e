import type { ComponentProps } from 'react';
import { GoBackButton } from './go-back-button';
import { GoToDashboardButton } from './go-to-dashboard-button';
import { RefreshButton } from './refresh-button';
import { StatusPage } from './status-page';

/** An error page for one HTTP status (docs/product.md §2): Go Back (or Refresh Page) and Go to Dashboard. */
export function CodePage({
  refresh = false,
  ...page
}: Omit<ComponentProps<typeof StatusPage>, 'actions'> & { code: string; refresh?: boolean }) {
  return (
    <StatusPage
      {...page}
      actions={
        <>
          {refresh ? <RefreshButton /> : <GoBackButton />}
          <GoToDashboardButton />
        </>
      }
    />
  );
}
