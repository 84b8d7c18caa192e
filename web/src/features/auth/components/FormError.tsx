import { Alert } from '@chakra-ui/react';
import { authErrorMessage, NoTokenError } from '../api';

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" size="sm" variant="subtle" borderRadius="md">
      <Alert.Indicator />
      <Alert.Title fontWeight="normal" data-testid="form-error">
        {message}
      </Alert.Title>
    </Alert.Root>
  );
}

export function submitErrorMessage(error: unknown, fallback: 'Login failed' | 'Registration failed') {
  if (error instanceof NoTokenError) return error.message;
  return authErrorMessage(error, fallback);
}
