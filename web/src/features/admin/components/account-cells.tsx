import { HStack, Table, Text } from '@chakra-ui/react';

/** An account's cells in an admin table: its name (else its e-mail) over its e-mail, and its title. */
export function AccountCells({
  account,
  you,
}: {
  account: { email: string; first_name: string | null; last_name: string | null; title: string | null };
  you?: boolean;
}) {
  const name = [account.first_name, account.last_name].filter(Boolean).join(' ');
  return (
    <>
      <Table.Cell>
        <HStack gap="2">
          <Text fontWeight="medium">{name || account.email}</Text>
          {you && (
            <Text textStyle="xs" color="fg.muted">
              (you)
            </Text>
          )}
        </HStack>
        {name && (
          <Text textStyle="xs" color="fg.muted">
            {account.email}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <Text textStyle="sm" color={account.title ? 'fg' : 'fg.subtle'}>
          {account.title || '—'}
        </Text>
      </Table.Cell>
    </>
  );
}
