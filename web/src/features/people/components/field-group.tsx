import { Stack, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

/**
 * A labelled block for a set of controls (chips, swatches). Not a Field: a Field hands its one id to every
 * control inside it, which would give each checkbox the same id and the field's label.
 */
export function FieldGroup({
  label,
  optional = false,
  helper,
  children,
}: {
  label: string;
  optional?: boolean;
  helper?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Stack gap="1.5" role="group" aria-labelledby={id}>
      <Text id={id} textStyle="sm" fontWeight="medium">
        {label}
        {optional && (
          <Text as="span" color="fg.subtle" fontWeight="normal">
            {' '}
            (optional)
          </Text>
        )}
      </Text>
      {children}
      {helper && (
        <Text textStyle="xs" color="fg.muted">
          {helper}
        </Text>
      )}
    </Stack>
  );
}
