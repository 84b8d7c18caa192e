import { Box, HStack, SimpleGrid, Switch, Text } from '@chakra-ui/react';
import { CAPABILITIES, CAPABILITY_INFO, CAPABILITY_REQUIRES, toggleCapability, type CapabilityMap } from '../lib/permission-sets';

/**
 * One switch per capability, for a deal's custom sets and the admin portal's system sets: turning one on also
 * turns on what it requires, turning one off does not cascade (docs/product.md §5).
 */
export function CapabilityToggles({
  value,
  onChange,
  disabled = false,
}: {
  value: CapabilityMap;
  onChange: (next: CapabilityMap) => void;
  disabled?: boolean;
}) {
  return (
    <SimpleGrid
      columns={{ base: 1, sm: 2 }}
      gap="0"
      borderWidth="1px"
      borderColor="border"
      rounded="lg"
      overflow="hidden"
      data-testid="capability-toggles"
    >
      {CAPABILITIES.map((cap, index) => {
        const requires = CAPABILITY_REQUIRES[cap];
        const unmet = value[cap] && requires.some((req) => !value[req]);
        return (
          <Switch.Root
            key={cap}
            checked={value[cap]}
            disabled={disabled}
            onCheckedChange={(details) => onChange(toggleCapability(value, cap, details.checked))}
            colorPalette="brand"
            size="sm"
            display="flex"
            justifyContent="space-between"
            alignItems="center"
            gap="3"
            px="3"
            py="2.5"
            borderBottomWidth="1px"
            borderColor="border.muted"
            borderRightWidth={{ sm: index % 2 === 0 ? '1px' : '0' }}
            bg={value[cap] ? 'brand.subtle/40' : undefined}
            cursor={disabled ? 'default' : 'pointer'}
            data-capability={cap}
          >
            <Switch.HiddenInput />
            <Box flex="1">
              <Switch.Label>
                <HStack gap="2">
                  <Text as="span" textStyle="sm" fontWeight="medium">
                    {CAPABILITY_INFO[cap].label}
                  </Text>
                  {requires.length > 0 && (
                    <Text as="span" textStyle="xs" color={unmet ? 'fg.error' : 'fg.subtle'} fontWeight="normal">
                      requires {requires.map((req) => CAPABILITY_INFO[req].label).join(', ')}
                    </Text>
                  )}
                </HStack>
              </Switch.Label>
              <Text textStyle="xs" color="fg.muted">
                {CAPABILITY_INFO[cap].description}
              </Text>
            </Box>
            <Switch.Control />
          </Switch.Root>
        );
      })}
    </SimpleGrid>
  );
}
