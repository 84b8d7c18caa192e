import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { FormActions } from '../../../components/form-actions';
import { MIN_ADMIN_PASSWORD, type AdminUser } from '@contracts/admin';
import { useEffect, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/modal';
import { useResetPassword } from '../api/reset-password';
import { useUpdateUser } from '../api/update-user';
import { FormField } from '../../../components/form-field';

/** docs/product.md §5 Admin users: the reset password form's own checks. */
export function passwordProblem(password: string, confirm: string): string | null {
  if (password !== confirm) return 'Passwords do not match';
  if (password.length < MIN_ADMIN_PASSWORD) return `Password must be at least ${MIN_ADMIN_PASSWORD} characters`;
  return null;
}

export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const [form, setForm] = useState({ first_name: '', last_name: '', title: '' });
  const save = useUpdateUser(onClose);
  useEffect(() => {
    if (user) setForm({ first_name: user.first_name, last_name: user.last_name, title: user.title });
  }, [user]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (user) save.mutate({ id: user.id, ...form });
  };
  const field = (key: keyof typeof form, label: string, placeholder?: string) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input
        value={form[key]}
        maxLength={100}
        placeholder={placeholder}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      />
    </Field.Root>
  );
  return (
    <Modal
      open={user !== null}
      onClose={onClose}
      title="Edit User"
      description={user?.email}
      size="md"
      preventClose={save.isPending}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="4" pb="2">
          {field('first_name', 'First name')}
          {field('last_name', 'Last name')}
          {field('title', 'Title', 'e.g. CEO, CFO, Manager')}
          <FormActions submitLabel="Save Changes" busy={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

export function ResetPasswordDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reset = useResetPassword(onClose);
  useEffect(() => {
    setPassword('');
    setConfirm('');
    setProblem(null);
  }, [user]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = passwordProblem(password, confirm);
    setProblem(found);
    if (!found && user) reset.mutate({ id: user.id, password });
  };
  return (
    <Modal
      open={user !== null}
      onClose={onClose}
      title="Reset Password"
      size="md"
      preventClose={reset.isPending}
      description={
        <>
          Set a new password for{' '}
          <Text as="span" fontWeight="medium" color="fg">
            {user?.email}
          </Text>
          . Their other sessions end.
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="4" pb="2">
          <Field.Root required invalid={Boolean(problem)}>
            <Field.Label>
              New Password <Field.RequiredIndicator />
            </Field.Label>
            <Input
              type="password"
              autoComplete="new-password"
              value={password}
              minLength={MIN_ADMIN_PASSWORD}
              required
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field.Root>
          <FormField label="Confirm Password" required error={problem}>
            <Input
              type="password"
              autoComplete="new-password"
              value={confirm}
              minLength={MIN_ADMIN_PASSWORD}
              required
              onChange={(e) => setConfirm(e.target.value)}
            />
          </FormField>
          <FormActions submitLabel="Reset Password" busy={reset.isPending} busyLabel="Resetting..." onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
