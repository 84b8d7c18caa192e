import { ShieldAlert } from 'lucide-react';
import { GoBackButton } from './go-back-button';
import { GoToDashboardButton } from './go-to-dashboard-button';
import { StatusPage } from './status-page';

/** docs/product.md §2: also shown to signed-in non-super-admins on admin routes. */
export function AccessDeniedPage() {
  return (
    <StatusPage
      code="403"
      icon={<ShieldAlert size={28} />}
      tone="red"
      title="Access Denied"
      message="You don't have permission to access this area"
      note="If you believe you should have access, please contact your organization's super administrator."
      actions={
        <>
          <GoBackButton />
          <GoToDashboardButton />
        </>
      }
    />
  );
}
