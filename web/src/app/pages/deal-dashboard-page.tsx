import { UserPlus, UsersRound } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { Panel } from '../../components/panel';
import { PendingReviewCount, PendingReviewList } from '../../features/ai';
import { DealDashboard } from '../../features/deals';
import { lazyPage } from '../../lib/lazy-page';
import { DialogButton } from '../../components/dialog-button';

// The people dialogs load when a button is pointed at or first pressed: with their forms, checkboxes and
// switches they were some 14 KB of the dashboard's first load for dialogs most visits never open
// (decision 67).
const people = () => import('../../features/people');
const InviteUserDialog = lazyPage(() => people().then((m) => ({ default: m.InviteUserDialog })));
const ManageUsersDialog = lazyPage(() => people().then((m) => ({ default: m.ManageUsersDialog })));
const preloadPeopleDialogs = () => {
  InviteUserDialog.preload().catch(() => undefined);
  ManageUsersDialog.preload().catch(() => undefined);
};

/** Manage Users and Invite User, each with its dialog (docs/product.md §2). */
function DealPeopleActions({ dealId }: { dealId: string }) {
  const [open, setOpen] = useState<'invite' | 'manage' | null>(null);
  // Mounted from the first opening on, so a dialog closes with its animation.
  const [opened, setOpened] = useState(false);
  const show = (dialog: 'invite' | 'manage') => {
    setOpened(true);
    setOpen(dialog);
  };
  const close = () => setOpen(null);
  return (
    <>
      <DialogButton variant="outline" bg="bg" onClick={() => show('manage')} preload={preloadPeopleDialogs}>
        <UsersRound /> Manage Users
      </DialogButton>
      <DialogButton colorPalette="brand" onClick={() => show('invite')} preload={preloadPeopleDialogs}>
        <UserPlus /> Invite User
      </DialogButton>
      {opened && (
        <Suspense fallback={null}>
          <InviteUserDialog dealId={dealId} open={open === 'invite'} onClose={close} />
          <ManageUsersDialog dealId={dealId} open={open === 'manage'} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

/** The deal dashboard at /deals/:dealId: deals' dashboard with people's dialogs and the AI's pending review. */
export function DealDashboardPage() {
  const { dealId = '' } = useParams();
  return (
    <DealDashboard
      dealId={dealId}
      peopleActions={<DealPeopleActions dealId={dealId} />}
      pendingReview={(aiWorking) => (
        <Panel title="Files Pending Review" testId="pending-review" action={<PendingReviewCount dealId={dealId} />}>
          <PendingReviewList dealId={dealId} poll={aiWorking} />
        </Panel>
      )}
    />
  );
}

export default DealDashboardPage;
