import { Button, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { InvitationLink } from '../../../lib/invitation-link';
import { useRegister } from '../api/register';
import { validateRegister } from '../validation';
import { FormError, FormNotice, submitErrorMessage } from './form-error';
import { EmailField, PasswordField } from './account-fields';

/** `invitation`: opened from an invitation link, which confirms the address at once (no mail to open). */
export function RegisterForm({ initialEmail = '', invitation }: { initialEmail?: string; invitation?: InvitationLink }) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const registration = useRegister(
    (answer) => {
      if (!answer.confirmation) return;
      setConfirmation(answer.confirmation);
      setPassword('');
      setConfirmPassword('');
    },
    (caught) => setError(submitErrorMessage(caught, 'Registration failed')),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateRegister({ email, password, confirmPassword });
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setConfirmation(null);
    registration.mutate({ email, password, invitation });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Register">
      <Stack gap="4">
        <EmailField value={email} onChange={setEmail} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          placeholder="Create a password"
          value={password}
          onChange={setPassword}
          helper="At least 6 characters. Use uppercase and lowercase letters and a number for a stronger password."
        />
        <PasswordField
          label="Confirm password"
          name="confirmPassword"
          autoComplete="new-password"
          placeholder="Repeat the password"
          value={confirmPassword}
          onChange={setConfirmPassword}
        />
        <FormError message={error} />
        <FormNotice message={confirmation} status="success" testId="register-confirmation" />
        <Button type="submit" colorPalette="brand" loading={registration.isPending} w="full">
          Register
        </Button>
      </Stack>
    </form>
  );
}
