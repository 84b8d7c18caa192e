import type { ReactNode } from 'react';
import { TextField } from '../../../components/text-field';

/** The e-mail field of the sign-in and registration forms. */
export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      placeholder="you@company.com"
      value={value}
      onChange={onChange}
    />
  );
}

/** A password field: the current one to sign in, a new one (and its confirmation) to register. */
export function PasswordField(props: {
  label: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  helper?: ReactNode;
}) {
  return <TextField type="password" {...props} />;
}
