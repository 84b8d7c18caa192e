/**
 * Where an invitation e-mail's link lands (/invitations/:invitationId?email=…&token=…): the invitation
 * with Accept and Decline for the person it was sent to. Signed out, the route guard sends the
 * browser to /login first (the address prefilled) and back here after sign-in or registration, which
 * the link's token confirms; signed in with an address not confirmed yet, the token confirms it here.
 */
import { Badge, Box, Button, Card, Center, HStack, Stack, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageSpinner } from '../../components/spinners';
import { PageContainer } from '../../components/layout/page-container';
import { sessionAtom } from '../../lib/session';
import { useLogout } from '../../lib/use-logout';
import { useAnswerInvitation } from './api/answer-invitation';
import { useConfirmByInvitation } from './api/confirm-by-invitation';
import { ConfirmEmailNotice } from './components/confirm-email-notice';
import { useMyInvitations } from './api/my-invitations';
import { permissionSetLabel } from '../../lib/permission-sets';

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Center py="16">
      <Card.Root maxW="lg" w="full">
        <Card.Body>
          <Stack gap="3">
            <Text fontSize="lg" fontWeight="semibold">
              {title}
            </Text>
            {children}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}

export default function InvitationPage() {
  const { invitationId = '' } = useParams();
  const [params] = useSearchParams();
  const sentTo = (params.get('email') ?? '').trim().toLowerCase();
  const token = params.get('token');
  const { user } = useAtomValue(sessionAtom);
  const navigate = useNavigate();
  const logout = useLogout();
  const [declining, setDeclining] = useState(false);
  const invitations = useMyInvitations();
  const confirm = useConfirmByInvitation();
  const answer = useAnswerInvitation((result) => {
    setDeclining(false);
    navigate(result.status === 'accepted' ? `/deals/${result.deal_id}` : '/');
  });

  if (user && sentTo && user.email.toLowerCase() !== sentTo) {
    return (
      <PageContainer>
        <Notice title="This invitation is for another address">
          <Text>
            It was sent to <b>{sentTo}</b>, but you are signed in as <b>{user.email}</b>. Sign out, then sign in or register with{' '}
            {sentTo} to answer it.
          </Text>
          <HStack>
            <Button onClick={() => logout()}>Sign out</Button>
            <Button variant="outline" asChild>
              <RouterLink to="/">Back to my deals</RouterLink>
            </Button>
          </HStack>
        </Notice>
      </PageContainer>
    );
  }
  if (user?.email_confirmed === false) {
    // The link itself reached the mailbox: with its token the address is confirmed here (decision 33).
    if (token) {
      return (
        <PageContainer>
          <Notice title="Confirm your address to answer this invitation">
            <Text>This invitation link was mailed to {user.email}, so it can confirm that address.</Text>
            <Button
              colorPalette="brand"
              alignSelf="start"
              loading={confirm.isPending}
              onClick={() => confirm.mutate({ id: invitationId, token })}
            >
              Confirm my address
            </Button>
          </Notice>
        </PageContainer>
      );
    }
    return (
      <PageContainer>
        <Box py="8">
          <ConfirmEmailNotice />
        </Box>
        <Notice title="Confirm your address to answer this invitation">
          <Text>Open the confirmation link we sent to {user.email}, then come back to this invitation.</Text>
        </Notice>
      </PageContainer>
    );
  }
  if (invitations.isPending) return <PageSpinner />;
  const invitation = invitations.data?.find((i) => i.invitation_id === invitationId);
  if (!invitation) {
    return (
      <PageContainer>
        <Notice title="This invitation is no longer open">
          <Text>
            It was already answered, withdrawn, or sent to another address. Ask the person who invited you for a new one.
          </Text>
          <Button variant="outline" asChild alignSelf="start">
            <RouterLink to="/">Back to my deals</RouterLink>
          </Button>
        </Notice>
      </PageContainer>
    );
  }
  const expired = Boolean(invitation.is_expired);
  return (
    <PageContainer>
      <Center py="16">
        <Card.Root maxW="lg" w="full" data-testid="invitation-card">
          <Card.Body>
            <Stack gap="4">
              <HStack gap="3">
                <MailCheck size={28} />
                <Text fontSize="xl" fontWeight="semibold">
                  You're invited to {invitation.deal_name}
                </Text>
              </HStack>
              {invitation.deal_description && <Text color="fg.muted">{invitation.deal_description}</Text>}
              <Text>Invited by {invitation.invited_by_name ?? invitation.invited_by ?? 'a member of the deal'}</Text>
              {invitation.permission_set_name && (
                <HStack>
                  <Text>Access:</Text>
                  <Badge>{permissionSetLabel(invitation.permission_set_name)}</Badge>
                </HStack>
              )}
              <Text fontSize="sm" color={expired ? 'red.600' : 'fg.muted'}>
                {expired
                  ? 'This invitation has expired. Ask for a new one.'
                  : `Expires ${new Date(invitation.expires_at ?? '').toLocaleString()}`}
              </Text>
              <HStack>
                <Button
                  colorPalette="brand"
                  disabled={expired}
                  loading={answer.isPending && answer.variables?.accept}
                  onClick={() => answer.mutate({ invitationId, accept: true, token })}
                >
                  Accept
                </Button>
                {/* An expired invitation can no longer be answered either way (the banner offers nothing too). */}
                {!expired && (
                  <Button variant="outline" disabled={answer.isPending} onClick={() => setDeclining(true)}>
                    Decline
                  </Button>
                )}
              </HStack>
            </Stack>
          </Card.Body>
        </Card.Root>
      </Center>
      <ConfirmDialog
        open={declining}
        title="Decline invitation"
        message={`Decline the invitation to "${invitation.deal_name}"? You will need a new invitation to join later.`}
        confirmLabel="Decline"
        destructive
        loading={answer.isPending}
        onConfirm={() => answer.mutate({ invitationId, accept: false, token })}
        onClose={() => setDeclining(false)}
      />
    </PageContainer>
  );
}
