import { ShieldAlert } from 'lucide-react';
import { CodePage } from './code-page';

/** docs/product.md §2: also shown to signed-in non-super-admins on admin routes. */
export function AccessDeniedPage() {
  return (
    <CodePage
      code="403"
      icon={<ShieldAlert size={28} />}
      tone="red"
      title="Access Denied"
      message="You don't have permission to access this area"
      note="If you believe you should have access, please contact your organization's super administrator."
    />
  );
}
