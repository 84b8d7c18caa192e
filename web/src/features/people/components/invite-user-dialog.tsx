import { Input } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { useFieldError } from '../../../lib/use-field-errors';
import { ChoiceField, TextField } from '../../../components/text-field';
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
  const { error, setError, edit } = useFieldError();

  useEffect(() => {
    if (!open) return;
    setEmail('');
    setPermissionSet(DEFAULT_INVITE_SET);
    setCompany('');
    setError(null);
  }, [open, setError]);

  const companies = useCompanies(dealId, open);

  const mutation = useInviteUser(dealId, onClose);

  const onSubmit = () => {
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
    <FormDialog
      open={open}
      onClose={onClose}
      size="md"
      busy={mutation.isPending}
      title="Invite User to Deal"
      description="They receive an e-mail with a link to join. The invitation is valid for 7 days."
      formId="invite-user-form"
      onSubmit={onSubmit}
      submitLabel="Send Invitation"
    >
      <TextField
        label="Email address"
        required
        error={error}
        type="email"
        name="email"
        value={email}
        autoFocus
        placeholder="name@company.com"
        onChange={edit(setEmail)}
      />
      <ChoiceField
        label="Permission set"
        helper={selected?.description}
        name="permission_set"
        aria-label="Permission set"
        value={permissionSet}
        onChange={setPermissionSet}
      >
        {LEGACY_SETS.map((set) => (
          <option key={set.value} value={set.value}>
            {set.label}
          </option>
        ))}
      </ChoiceField>
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
    </FormDialog>
  );
}
