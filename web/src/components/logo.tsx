import { HStack, Text } from '@chakra-ui/react';

export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#1D3A78" />
      <path
        d="M16 6l8 3v6c0 5.2-3.4 9.4-8 11-4.6-1.6-8-5.8-8-11V9l8-3z"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
      <path d="M12.5 16l2.5 2.5 4.5-5" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Logo({ size = 28, showName = true, color = 'fg' }: { size?: number; showName?: boolean; color?: string }) {
  return (
    <HStack gap="2.5">
      <LogoMark size={size} />
      {showName && (
        <Text fontWeight="semibold" letterSpacing="-0.01em" textStyle="md" color={color} whiteSpace="nowrap">
          Data Room
        </Text>
      )}
    </HStack>
  );
}
