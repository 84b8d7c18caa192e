import { Button, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/modal';
import { validateInviteEmail } from '../emails';
import { DEFAULT_INVITE_SET, LEGACY_SETS } from '../legacy';
import { FormField } from '../../../components/form-field';
import { useInviteUser } from '../api/invite-user';
import { useCompanies } from '../api/companies';

/** Invite User to Deal (docs/product.md §2, §5): e-mail required, permission set (default upload_view), company. */
export function InviteUserDialog({ dealId, open, onClose }: { dealId: string; open: boolean; onClose: () => void }) {
  const listId = useId();
  const [email, setEmail] = useState('');
  const [permissionSet, setPermissionSet] = useState<string>(DEFAULT_INVITE_SET);
  const [company, setCompany] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setEmail('');
    setPermissionSet(DEFAULT_INVITE_SET);
    setCompany('');
    setError(null);
  }, [open]);

  const companies = useCompanies(dealId, open);

  const mutation = useInviteUser(dealId, onClose);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateInviteEmail(email);
    setError(invalid);
    if (!invalid) {
      mutation.mutate({
        email: email.trim(),
        permission_set: permissionSet,
        ...(company.trim() ? { company: company.trim() } : {}),
      });
    }
  };

  const selected = LEGACY_SETS.find((set) => set.value === permissionSet);

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="md"
      preventClose={mutation.isPending}
      title="Invite User to Deal"
      description="They receive an e-mail with a link to join. The invitation is valid for 7 days."
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="invite-user-form" colorPalette="brand" loading={mutation.isPending}>
            Send Invitation
          </Button>
        </>
      }
    >
      <form id="invite-user-form" onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormField label="Email address" required error={error}>
            <Input
              type="email"
              name="email"
              value={email}
              autoFocus
              placeholder="name@company.com"
              onChange={(event) => {
                setEmail(event.target.value);
                if (error) setError(null);
              }}
            />
          </FormField>
          <FormField label="Permission set" helper={selected?.description}>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="permission_set"
                aria-label="Permission set"
                value={permissionSet}
                onChange={(event) => setPermissionSet(event.currentTarget.value)}
              >
                {LEGACY_SETS.map((set) => (
                  <option key={set.value} value={set.value}>
                    {set.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label="Company" optional>
            <Input
              name="company"
              value={company}
              list={listId}
              autoComplete="off"
              placeholder="e.g. Buyer Capital LLP"
              onChange={(event) => setCompany(event.target.value)}
            />
            <datalist id={listId} data-testid="company-suggestions">
              {(companies.data ?? []).map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </FormField>
        </Stack>
      </form>
    </Modal>
  );
}
