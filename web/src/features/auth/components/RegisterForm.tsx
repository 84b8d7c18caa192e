import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { notify } from '../../../lib/toast';
import { register, requireSession } from '../api';
import { useCompleteSignIn } from '../useCompleteSignIn';
import { validateRegister } from '../validation';
import { FormError, submitErrorMessage } from './FormError';

export function RegisterForm({ initialEmail = '' }: { initialEmail?: string }) {
  const completeSignIn = useCompleteSignIn();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateRegister({ email, password, confirmPassword });
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const session = requireSession(await register(email, password), 'register');
      await completeSignIn(session);
      notify.success('Registration successful!');
    } catch (caught) {
      setError(submitErrorMessage(caught, 'Registration failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Register">
      <Stack gap="4">
        <Field.Root>
          <Field.Label>Email</Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@company.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Password</Field.Label>
          <Input
            type="password"
            name="password"
            autoComplete="new-password"
            placeholder="Create a password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Field.HelperText>
            At least 6 characters. Use uppercase and lowercase letters and a number for a stronger password.
          </Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>Confirm password</Field.Label>
          <Input
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            placeholder="Repeat the password"
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
          />
        </Field.Root>
        <FormError message={error} />
        <Button type="submit" colorPalette="brand" loading={busy} w="full">
          Register
        </Button>
      </Stack>
    </form>
  );
}
