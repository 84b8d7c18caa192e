import { ServerCrash } from 'lucide-react';
import { GoToDashboardButton } from './go-to-dashboard-button';
import { RefreshButton } from './refresh-button';
import { StatusPage } from './status-page';

export function ServerErrorPage() {
  return (
    <StatusPage
      code="500"
      icon={<ServerCrash size={28} />}
      tone="red"
      title="Server Error"
      message="Something went wrong on our side while handling your request."
      note="Our team has been notified and is looking into it. Please try again in a few minutes."
      actions={
        <>
          <RefreshButton />
          <GoToDashboardButton />
        </>
      }
    />
  );
}
