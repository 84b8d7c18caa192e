import { Input, SimpleGrid } from '@chakra-ui/react';
import { OptionSelect } from '../../../components/option-select';
import { useId } from 'react';
import type { MemberForm } from '../member';
import { MEMBER_STATUS_OPTIONS, type Group, type MemberRole, type PermissionSet, type Tag } from '../types';
import { ChipPicker } from './chip-picker';
import { FieldGroup } from './field-group';
import { FormField } from '../../../components/form-field';
import { PermissionSetSelect } from './permission-set-select';

const ROLE_OPTIONS: [MemberRole, string][] = [
  ['member', 'Member'],
  ['admin', 'Admin'],
];

/** Edit User's fields: role, permission set, groups, tags, company and status. */
export function EditUserFields({
  form,
  patch,
  locked,
  roleLocked,
  canManageAdmins,
  sets,
  groups,
  tags,
  companies,
  setError,
  onSetError,
}: {
  form: MemberForm;
  patch: (next: Partial<MemberForm>) => void;
  /** Nothing may change: the caller cannot manage members, or the member is the owner. */
  locked: boolean;
  roleLocked: boolean;
  canManageAdmins: boolean;
  sets: PermissionSet[];
  groups: Group[];
  tags: Tag[];
  /** Company names already used in the deal, offered as suggestions. */
  companies: string[];
  setError: string | null;
  onSetError: (error: string | null) => void;
}) {
  const listId = useId();
  return (
    <>
      <FormField
        label="Role"
        disabled={roleLocked}
        helper={!locked && !canManageAdmins ? 'Only deal admins can grant or revoke the admin role.' : undefined}
      >
        <OptionSelect
          disabled={roleLocked}
          name="role"
          label="Role"
          value={form.role}
          onChange={(role) => {
            patch({ role });
            onSetError(null);
          }}
          options={ROLE_OPTIONS}
        />
      </FormField>

      <FormField label="Permission set" required={form.role !== 'admin'} error={setError} disabled={locked}>
        <PermissionSetSelect
          sets={sets}
          value={form.permissionSetId}
          disabled={locked}
          ariaLabel="Permission set"
          placeholder={form.role === 'admin' ? 'Admin role (all capabilities)' : 'Select a permission set'}
          onChange={(id) => {
            patch({ permissionSetId: id });
            if (id) onSetError(null);
          }}
        />
      </FormField>

      <FieldGroup label="Groups" helper="Members gain the permission set of each of their groups.">
        <ChipPicker
          items={groups}
          value={form.groupIds}
          onChange={(ids) => patch({ groupIds: ids })}
          disabled={locked}
          emptyText="This deal has no groups yet."
        />
      </FieldGroup>

      <FieldGroup label="Tags">
        <ChipPicker
          items={tags}
          value={form.tagIds}
          onChange={(ids) => patch({ tagIds: ids })}
          disabled={locked}
          emptyText="This deal has no tags yet."
        />
      </FieldGroup>

      <SimpleGrid columns={2} gap="4">
        <FormField label="Company" disabled={locked}>
          <Input
            name="company"
            value={form.company}
            disabled={locked}
            placeholder="Company"
            list={listId}
            onChange={(event) => patch({ company: event.target.value })}
          />
          <datalist id={listId}>
            {companies.map((company) => (
              <option key={company} value={company} />
            ))}
          </datalist>
        </FormField>
        <FormField label="Status" disabled={locked}>
          <OptionSelect
            disabled={locked}
            name="status"
            label="Status"
            value={form.status}
            onChange={(status) => patch({ status })}
            options={MEMBER_STATUS_OPTIONS}
          />
        </FormField>
      </SimpleGrid>
    </>
  );
}
