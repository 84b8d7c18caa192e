import { Field, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A labelled form field with an optional error. */
export function FormField({
  label,
  required = false,
  optional = false,
  error,
  helper,
  disabled,
  children,
}: {
  label: ReactNode;
  required?: boolean;
  optional?: boolean;
  error?: string | null;
  helper?: ReactNode;
  /** Controls inside a Field take their disabled state from it, not from their own prop. */
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
        {optional && (
          <Text as="span" color="fg.subtle" fontWeight="normal">
            (optional)
          </Text>
        )}
      </Field.Label>
      {children}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
    </Field.Root>
  );
}
