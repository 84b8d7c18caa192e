import { Button } from '@chakra-ui/react';
import { UserPlus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Panel } from '../../components/panel';
import { PendingReviewCount, PendingReviewList } from '../../features/ai';
import { DealDashboard } from '../../features/deals';
import { InviteUserDialog, ManageUsersDialog } from '../../features/people';

/** Manage Users and Invite User, each with its dialog (docs/product.md §2). */
function DealPeopleActions({ dealId }: { dealId: string }) {
  const [inviting, setInviting] = useState(false);
  const [managing, setManaging] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" bg="bg" onClick={() => setManaging(true)}>
        <UsersRound /> Manage Users
      </Button>
      <Button size="sm" colorPalette="brand" onClick={() => setInviting(true)}>
        <UserPlus /> Invite User
      </Button>
      <InviteUserDialog dealId={dealId} open={inviting} onClose={() => setInviting(false)} />
      <ManageUsersDialog dealId={dealId} open={managing} onClose={() => setManaging(false)} />
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
