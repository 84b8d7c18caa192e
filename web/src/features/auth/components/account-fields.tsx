import { Field, Input } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormField } from '../../../components/form-field';

/** The e-mail field of the sign-in and registration forms. */
export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <FormField label="Email">
      <Input
        type="email"
        name="email"
        autoComplete="email"
        placeholder="you@company.com"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}

/** A password field: the current one to sign in, a new one (and its confirmation) to register. */
export function PasswordField({
  label,
  name,
  autoComplete,
  placeholder,
  value,
  onChange,
  helper,
}: {
  label: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  helper?: ReactNode;
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input
        type="password"
        name={name}
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  );
}
