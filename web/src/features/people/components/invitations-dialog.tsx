import { Badge, Box, Button, Center, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { Mail, RotateCw, X } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { CloseFooter, Modal } from '../../../components/modal';
import { permissionSetLabel } from '../../../lib/permission-sets';
import { formatExpiry, formatInvitationAge } from '../time';
import type { Invitation } from '../types';
import { useResendInvitation } from '../api/resend-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';

function expiryPalette(expiresAt: string): string {
  const text = formatExpiry(expiresAt);
  if (text === 'Expired') return 'red';
  if (text === 'Expires today' || text === 'Expires tomorrow') return 'orange';
  return 'gray';
}

/** Pending invitations (docs/product.md §2): each with its age and expiry, resend and revoke. */
export function InvitationsDialog({
  dealId,
  open,
  onClose,
  invitations,
  loading,
}: {
  dealId: string;
  open: boolean;
  onClose: () => void;
  invitations: Invitation[];
  loading: boolean;
}) {
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  const resend = useResendInvitation(dealId);
  const revoke = useRevokeInvitation(dealId, () => setRevoking(null));

  return (
    <>
      <Modal
        open={open && !revoking}
        onClose={onClose}
        size="2xl"
        title="Pending Invitations"
        description="People who have been invited but have not joined yet."
        footer={<CloseFooter onClose={onClose} />}
      >
        {loading ? (
          <Center py="10">
            <Spinner color="brand.solid" />
          </Center>
        ) : invitations.length === 0 ? (
          <EmptyState
            size="sm"
            icon={<Mail />}
            title="No pending invitations"
            description="Invitations you send from Add Users appear here until they are accepted."
          />
        ) : (
          <Stack
            gap="0"
            borderWidth="1px"
            borderColor="border"
            rounded="lg"
            overflow="hidden"
            separator={<Box borderTopWidth="1px" borderColor="border.muted" />}
            data-testid="invitation-list"
          >
            {invitations.map((invitation) => {
              const busyResend = resend.isPending && resend.variables?.id === invitation.id;
              return (
                <HStack key={invitation.id} gap="3" px="4" py="3" align="center" data-testid="invitation-row">
                  <Center boxSize="9" rounded="full" bg="bg.muted" color="fg.muted" flexShrink={0}>
                    <Mail size={16} />
                  </Center>
                  <Box flex="1" minW="0">
                    <HStack gap="2" minW="0">
                      <Text textStyle="sm" fontWeight="medium" truncate title={invitation.email}>
                        {invitation.email}
                      </Text>
                      {invitation.permission_set_name && (
                        <Badge size="xs" variant="outline" colorPalette="gray" flexShrink={0}>
                          {permissionSetLabel(invitation.permission_set_name)}
                        </Badge>
                      )}
                    </HStack>
                    <HStack gap="2" textStyle="xs" color="fg.muted" mt="0.5">
                      <Text>Invited {formatInvitationAge(invitation.invited_at)}</Text>
                      <Text aria-hidden="true">·</Text>
                      <Badge size="xs" variant="subtle" colorPalette={expiryPalette(invitation.expires_at)}>
                        {formatExpiry(invitation.expires_at)}
                      </Badge>
                    </HStack>
                  </Box>
                  <HStack gap="1" flexShrink={0}>
                    <Button
                      size="xs"
                      variant="outline"
                      loading={busyResend}
                      onClick={() => resend.mutate(invitation)}
                      aria-label={`Resend invitation to ${invitation.email}`}
                    >
                      <RotateCw /> Resend
                    </Button>
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      onClick={() => setRevoking(invitation)}
                      aria-label={`Revoke invitation to ${invitation.email}`}
                    >
                      <X /> Revoke
                    </Button>
                  </HStack>
                </HStack>
              );
            })}
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        open={Boolean(revoking)}
        title="Revoke invitation"
        message={
          <Text>
            Revoke the invitation to <strong>{revoking?.email}</strong>? The link in their e-mail will stop working.
          </Text>
        }
        confirmLabel="Revoke"
        destructive
        loading={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}
