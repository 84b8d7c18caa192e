import { Button } from '@chakra-ui/react';
import { AlertTriangle, FileQuestion, Home, RefreshCw, ServerCrash, ShieldAlert, Undo2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { StatusPage } from './status-page';

function useGoBack() {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/', { replace: true });
  };
}

function GoBackButton() {
  const goBack = useGoBack();
  return (
    <Button variant="outline" onClick={goBack}>
      <Undo2 size={16} /> Go Back
    </Button>
  );
}

function GoToDashboardButton() {
  const navigate = useNavigate();
  return (
    <Button colorPalette="brand" onClick={() => navigate('/')}>
      <Home size={16} /> Go to Dashboard
    </Button>
  );
}

function RefreshButton() {
  return (
    <Button variant="outline" onClick={() => window.location.reload()}>
      <RefreshCw size={16} /> Refresh Page
    </Button>
  );
}

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

export function BadRequestPage() {
  return (
    <StatusPage
      code="400"
      icon={<AlertTriangle size={28} />}
      tone="orange"
      title="Bad Request"
      message="The request could not be processed. Please check the address or the data you entered and try again."
      note="If the problem persists, please contact support."
      actions={
        <>
          <GoBackButton />
          <GoToDashboardButton />
        </>
      }
    />
  );
}

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

/** docs/product.md §2 / docs/product.md §2: also shown to signed-in non-super-admins on admin routes. */
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
