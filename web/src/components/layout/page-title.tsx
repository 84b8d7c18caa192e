import { Box, Heading, Text, type BoxProps, type TextProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A page's title (its one h1) and the muted line under it, drawn alike on every page (docs/architecture.md,
 * one piece for each repeated screen part). No line when `subtitle` is empty.
 */
export function PageTitle({
  title,
  subtitle,
  subtitleProps,
  ...box
}: Omit<BoxProps, 'title'> & {
  title: ReactNode;
  subtitle?: ReactNode;
  /** The line's own extras: a test id, a clamp. */
  subtitleProps?: TextProps & { 'data-testid'?: string };
}) {
  return (
    <Box {...box}>
      <Heading as="h1" size="2xl" letterSpacing="-0.02em">
        {title}
      </Heading>
      {subtitle && (
        <Text color="fg.muted" textStyle="sm" mt="1" {...subtitleProps}>
          {subtitle}
        </Text>
      )}
    </Box>
  );
}
