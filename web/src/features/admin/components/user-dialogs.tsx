import { Field, Input, Text } from '@chakra-ui/react';
import type { AdminUser } from '@contracts/admin';
import { MIN_ADMIN_PASSWORD } from '@contracts/values';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { TextField } from '../../../components/text-field';
import { useResetPassword } from '../api/reset-password';
import { useUpdateUser } from '../api/update-user';

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
  const field = (key: keyof typeof form, label: string, placeholder?: string) => (
    <TextField
      label={label}
      value={form[key]}
      maxLength={100}
      placeholder={placeholder}
      onChange={(value) => setForm({ ...form, [key]: value })}
    />
  );
  return (
    <FormDialog
      open={user !== null}
      onClose={onClose}
      title="Edit User"
      description={user?.email}
      size="md"
      busy={save.isPending}
      onSubmit={() => {
        if (user) save.mutate({ id: user.id, ...form });
      }}
      submitLabel="Save Changes"
      busyLabel="Saving..."
    >
      {field('first_name', 'First name')}
      {field('last_name', 'Last name')}
      {field('title', 'Title', 'e.g. CEO, CFO, Manager')}
    </FormDialog>
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
  const submit = () => {
    const found = passwordProblem(password, confirm);
    setProblem(found);
    if (!found && user) reset.mutate({ id: user.id, password });
  };
  return (
    <FormDialog
      open={user !== null}
      onClose={onClose}
      title="Reset Password"
      size="md"
      busy={reset.isPending}
      onSubmit={submit}
      submitLabel="Reset Password"
      busyLabel="Resetting..."
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
      <TextField
        label="Confirm Password"
        required
        error={problem}
        type="password"
        autoComplete="new-password"
        value={confirm}
        minLength={MIN_ADMIN_PASSWORD}
        onChange={setConfirm}
      />
    </FormDialog>
  );
}
