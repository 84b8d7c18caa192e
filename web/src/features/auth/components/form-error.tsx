import { Alert } from '@chakra-ui/react';
import { authErrorMessage, NoTokenError } from '../api/auth-response';

/** A one-line message under an auth form: what failed, or what happens next. */
export function FormNotice({ message, status, testId }: { message: string | null; status: 'error' | 'success'; testId: string }) {
  if (!message) return null;
  return (
    <Alert.Root status={status} size="sm" variant="subtle" borderRadius="md">
      <Alert.Indicator />
      <Alert.Title fontWeight="normal" data-testid={testId}>
        {message}
      </Alert.Title>
    </Alert.Root>
  );
}

export function FormError({ message }: { message: string | null }) {
  return <FormNotice message={message} status="error" testId="form-error" />;
}

export function submitErrorMessage(error: unknown, fallback: 'Login failed' | 'Registration failed') {
  if (error instanceof NoTokenError) return error.message;
  return authErrorMessage(error, fallback);
}
