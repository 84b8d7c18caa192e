import { Field, Text, type FieldRootProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A labelled form field: required marker or "(optional)", then the control, then its error or else its help. */
export function FormField({
  label,
  required = false,
  optional = false,
  error,
  helper,
  disabled,
  children,
  ...rootProps
}: Omit<FieldRootProps, 'invalid' | 'required' | 'disabled' | 'children'> & {
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
    <Field.Root {...rootProps} invalid={Boolean(error)} required={required} disabled={disabled}>
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
