import { Badge, Box, Button, Center, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Mail, X } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorDetail } from '../../../lib/api';
import { dealKeys } from '../../../lib/deal';
import { notify } from '../../../lib/toast';
import { acceptInvitation, declineInvitation, fetchMyInvitations } from '../api';
import type { Invitation } from '../types';

export const MY_INVITATIONS_KEY = ['invitations', 'mine'] as const;

const isExpired = (invitation: Invitation) => Boolean(invitation.is_expired) || invitation.status === 'expired';

/** Pending invitations to deals (docs/product.md §2); shows nothing when there are none or they cannot be read. */
export function InvitationsBanner() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [declining, setDeclining] = useState<Invitation | null>(null);
  const invitations = useQuery({
    queryKey: MY_INVITATIONS_KEY,
    queryFn: ({ signal }) => fetchMyInvitations(signal),
    retry: false,
  });

  const accept = useMutation({
    mutationFn: (invitation: Invitation) => acceptInvitation(invitation.invitation_id),
    onSuccess: (answer, invitation) => {
      notify.success('Invitation accepted! Loading deal...');
      void queryClient.invalidateQueries({ queryKey: MY_INVITATIONS_KEY });
      void queryClient.invalidateQueries({ queryKey: dealKeys.all });
      const dealId = answer?.deal_id ?? invitation.deal_id;
      if (dealId) navigate(`/deals/${dealId}`);
    },
    onError: (caught) => notify.error(errorDetail(caught, 'Failed to accept invitation')),
  });

  const decline = useMutation({
    mutationFn: (invitation: Invitation) => declineInvitation(invitation.invitation_id),
    onSuccess: () => {
      notify.success('Invitation declined');
      setDeclining(null);
      void queryClient.invalidateQueries({ queryKey: MY_INVITATIONS_KEY });
    },
    onError: (caught) => notify.error('Failed to decline invitation', errorDetail(caught, '') || undefined),
  });

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
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setDeclining(invitation)}
                    disabled={accept.isPending}
                  >
                    <X size={15} /> Decline
                  </Button>
                  <Button
                    size="sm"
                    colorPalette="brand"
                    onClick={() => accept.mutate(invitation)}
                    loading={accept.isPending && accept.variables?.invitation_id === invitation.invitation_id}
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
            You will not get access to <strong>{declining?.deal_name}</strong>. The deal admin would have to invite
            you again.
          </Text>
        }
        confirmLabel="Decline Invitation"
        destructive
        loading={decline.isPending}
        onConfirm={() => declining && decline.mutate(declining)}
        onClose={() => setDeclining(null)}
      />
    </Box>
  );
}
