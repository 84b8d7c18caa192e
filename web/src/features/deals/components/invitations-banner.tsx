import { Badge, Box, Button, Center, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { Check, Mail, X } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useAnswerInvitation } from '../api/answer-invitation';
import type { Invitation } from '../types';
import { useMyInvitations } from '../api/my-invitations';

const isExpired = (invitation: Invitation) => Boolean(invitation.is_expired) || invitation.status === 'expired';

/** Pending invitations to deals (docs/product.md §2); shows nothing when there are none or they cannot be read. */
export function InvitationsBanner() {
  const navigate = useNavigate();
  const [declining, setDeclining] = useState<Invitation | null>(null);
  const invitations = useMyInvitations({ retry: false });

  const answer = useAnswerInvitation((result, input) => {
    setDeclining(null);
    if (!input.accept) return;
    const dealId = result?.deal_id ?? invitations.data?.find((i) => i.invitation_id === input.invitationId)?.deal_id;
    if (dealId) navigate(`/deals/${dealId}`);
  });
  const answering = (invitation: Invitation) => answer.isPending && answer.variables?.invitationId === invitation.invitation_id;

  const list = invitations.data ?? [];
  if (list.length === 0) return null;

  const pendingCount = list.filter((i) => !isExpired(i)).length;

  return (
    <Box
      borderWidth="1px"
      borderColor="brand.emphasized"
      bg="brand.subtle"
      rounded="lg"
      p={{ base: '4', md: '5' }}
      data-testid="invitations-banner"
    >
      <HStack gap="3" mb="4">
        <Center boxSize="8" rounded="md" bg="brand.solid" color="white" flexShrink={0}>
          <Mail size={16} />
        </Center>
        <Box>
          <Text fontWeight="semibold">
            {pendingCount > 0
              ? `You have ${pendingCount} pending invitation${pendingCount === 1 ? '' : 's'}`
              : 'Your invitations'}
          </Text>
          <Text textStyle="sm" color="fg.muted">
            Accept an invitation to join the deal's data room.
          </Text>
        </Box>
      </HStack>
      <Stack gap="2">
        {list.map((invitation) => {
          const expired = isExpired(invitation);
          return (
            <Flex
              key={invitation.invitation_id}
              bg="bg"
              borderWidth="1px"
              borderColor="border"
              rounded="md"
              px="4"
              py="3"
              gap="4"
              align={{ base: 'stretch', md: 'center' }}
              direction={{ base: 'column', md: 'row' }}
              opacity={expired ? 0.7 : 1}
            >
              <Box flex="1" minW="0">
                <HStack gap="2">
                  <Text fontWeight="medium" truncate>
                    {invitation.deal_name}
                  </Text>
                  {expired && (
                    <Badge colorPalette="gray" size="sm">
                      Expired
                    </Badge>
                  )}
                </HStack>
                {invitation.deal_description && (
                  <Text textStyle="sm" color="fg.muted" lineClamp={1}>
                    {invitation.deal_description}
                  </Text>
                )}
                {(invitation.invited_by_name || invitation.invited_by) && (
                  <Text textStyle="xs" color="fg.subtle">
                    Invited by {invitation.invited_by_name || invitation.invited_by}
                  </Text>
                )}
              </Box>
              {!expired && (
                <HStack gap="2" flexShrink={0}>
                  <Button size="sm" variant="outline" onClick={() => setDeclining(invitation)} disabled={answer.isPending}>
                    <X size={15} /> Decline
                  </Button>
                  <Button
                    size="sm"
                    colorPalette="brand"
                    onClick={() => answer.mutate({ invitationId: invitation.invitation_id, accept: true })}
                    loading={answering(invitation) && answer.variables?.accept}
                  >
                    <Check size={15} /> Accept
                  </Button>
                </HStack>
              )}
            </Flex>
          );
        })}
      </Stack>
      <ConfirmDialog
        open={declining !== null}
        title="Decline invitation?"
        message={
          <Text>
            You will not get access to <strong>{declining?.deal_name}</strong>. The deal admin would have to invite you again.
          </Text>
        }
        confirmLabel="Decline Invitation"
        destructive
        loading={answer.isPending}
        onConfirm={() => declining && answer.mutate({ invitationId: declining.invitation_id, accept: false })}
        onClose={() => setDeclining(null)}
      />
    </Box>
  );
}
