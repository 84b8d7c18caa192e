import { Box, Flex, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import { Check, Minus } from 'lucide-react';
import { CAPABILITIES, CAPABILITY_INFO, type CapabilityMap } from '../../../lib/permission-sets';

function SectionTitle({ children }: { children: string }) {
  return (
    <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
      {children}
    </Text>
  );
}

/** Edit User's capability grid: what the member holds, or with unsaved changes, a preview of what they would. */
export function EffectivePermissions({ effective, dirty, status }: { effective: CapabilityMap; dirty: boolean; status: string }) {
  return (
    <Box>
      <Flex justify="space-between" align="baseline" mb="2">
        <SectionTitle>Effective permissions</SectionTitle>
        {dirty && (
          <Text textStyle="xs" color="fg.warning">
            Preview of unsaved changes
          </Text>
        )}
      </Flex>
      <SimpleGrid
        columns={2}
        gapX="4"
        gapY="1.5"
        borderWidth="1px"
        borderColor="border"
        rounded="lg"
        p="3"
        bg="bg.subtle"
        data-testid="effective-permissions"
      >
        {CAPABILITIES.map((cap) => (
          <HStack
            key={cap}
            gap="2"
            textStyle="sm"
            color={effective[cap] ? 'fg' : 'fg.subtle'}
            data-capability={cap}
            data-on={effective[cap] ? 'true' : 'false'}
          >
            {effective[cap] ? (
              <Box color="green.600">
                <Check size={14} strokeWidth={3} />
              </Box>
            ) : (
              <Minus size={14} />
            )}
            <Text>{CAPABILITY_INFO[cap].label}</Text>
          </HStack>
        ))}
      </SimpleGrid>
      {status !== 'active' && (
        <Text textStyle="xs" color="fg.muted" mt="2">
          Inactive and suspended members have no access to the deal.
        </Text>
      )}
    </Box>
  );
}
