import { Button, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { notify } from '../../../lib/toast';
import { register, requireSession, type InvitationLink } from '../api';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { validateRegister } from '../validation';
import { FormError, FormNotice, submitErrorMessage } from './form-error';
import { EmailField, PasswordField } from './account-fields';

/** `invitation`: opened from an invitation link, which confirms the address at once (no mail to open). */
export function RegisterForm({ initialEmail = '', invitation }: { initialEmail?: string; invitation?: InvitationLink }) {
  const completeSignIn = useCompleteSignIn();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateRegister({ email, password, confirmPassword });
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setConfirmation(null);
    setBusy(true);
    try {
      const answer = await register(email, password, invitation);
      if (answer?.confirmation_sent) {
        // No session until the mailed link is opened: the link signs the person in (/login/magic).
        setConfirmation(answer.message ?? 'Check your email to confirm your address.');
        setPassword('');
        setConfirmPassword('');
        return;
      }
      const session = requireSession(answer, 'register');
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
        <Button type="submit" colorPalette="brand" loading={busy} w="full">
          Register
        </Button>
      </Stack>
    </form>
  );
}
