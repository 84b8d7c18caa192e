import { Box, Button, Flex, HStack, Text } from '@chakra-ui/react';
import type { MfaFactor } from '@contracts/auth';
import { Smartphone, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDate } from '../../../lib/format';
import { useRemoveFactor } from '../api/remove-factor';

/** One authenticator of the account, with its Remove (confirmed; removing the last turns two-step off). */
export function FactorRow({ factor, last }: { factor: MfaFactor; last: boolean }) {
  const remove = useRemoveFactor();
  const [confirming, setConfirming] = useState(false);
  return (
    <Flex justify="space-between" align="center" gap="3" py="2">
      <HStack gap="3">
        <Smartphone size={16} />
        <Box>
          <Text textStyle="sm" fontWeight="medium">
            {factor.friendly_name || 'Authenticator app'}
          </Text>
          <Text textStyle="xs" color="fg.muted">
            Added {formatDate(factor.created_at)}
          </Text>
        </Box>
      </HStack>
      <Button size="xs" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
        <Trash2 size={12} /> Remove
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Remove Authenticator"
        destructive
        confirmLabel="Remove"
        loading={remove.isPending}
        message={
          <Text>
            {last
              ? 'Two-step verification will be turned off: signing in will need your password only, and deals that require two-step verification will be closed to you.'
              : 'Codes from this authenticator will no longer be accepted.'}
          </Text>
        }
        onConfirm={() => remove.mutate({ factorId: factor.id, last }, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </Flex>
  );
}
