import { FileQuestion } from 'lucide-react';
import { GoBackButton } from './go-back-button';
import { GoToDashboardButton } from './go-to-dashboard-button';
import { StatusPage } from './status-page';

export function NotFoundPage({ embedded = false }: { embedded?: boolean }) {
  return (
    <StatusPage
      embedded={embedded}
      code="404"
      icon={<FileQuestion size={28} />}
      title="Page Not Found"
      message="The page you are looking for does not exist or may have been moved."
      actions={
        <>
          <GoBackButton />
          <GoToDashboardButton />
        </>
      }
    />
  );
}
