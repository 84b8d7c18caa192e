import { Box, Button, HStack, Text, chakra } from '@chakra-ui/react';
import { FileSpreadsheet } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { notify } from '../../../lib/toast';
import { INVITE_MESSAGES, loadedMessage, mergeEmailText, parseCsvEmails, splitEmails, validateInvitation } from '../emails';
import type { Group, PermissionSet, Tag } from '../types';
import { ChipPicker } from './chip-picker';
import { FieldGroup } from './field-group';
import { FormField } from '../../../components/form-field';
import { TextAreaField } from '../../../components/text-field';
import { PermissionSetSelect } from './permission-set-select';
import { useSendInvitations } from '../api/send-invitations';

/** Reads a picked file as text (FileReader, so it also works where Blob.text is missing). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsText(file);
  });
}

/**
 * Add Users (docs/product.md §5): e-mails split on commas and newlines, or loaded from the first column of a CSV;
 * a permission set is required; groups and tags optional. One address is a single invitation, several a bulk one.
 */
export function AddUsersDialog({
  dealId,
  open,
  onClose,
  sets,
  groups,
  tags,
}: {
  dealId: string;
  open: boolean;
  onClose: () => void;
  sets: PermissionSet[];
  groups: Group[];
  tags: Tag[];
}) {
  const [text, setText] = useState('');
  const [setId, setSetId] = useState('');
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [setTouched, setSetTouched] = useState(false);
  const [loaded, setLoaded] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    setText('');
    setSetId('');
    setGroupIds([]);
    setTagIds([]);
    setSetTouched(false);
    setLoaded(null);
  }, [open]);

  const emails = splitEmails(text);
  const emailError = text.trim() && emails.length === 0 ? INVITE_MESSAGES.noEmails : null;
  const setError = !setId && (setTouched || emails.length > 0) ? INVITE_MESSAGES.noSet : null;

  const mutation = useSendInvitations(dealId, onClose);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const found = parseCsvEmails(await readText(file));
      setText((current) => mergeEmailText(current, found));
      setLoaded(loadedMessage(found.length));
    } catch {
      notify.error('Could not read the CSV file');
    }
  };

  const onSubmit = () => {
    setSetTouched(true);
    if (validateInvitation(text, setId)) return;
    mutation.mutate({ permission_set_id: setId, group_ids: groupIds, tag_ids: tagIds, emails });
  };

  const canSubmit = Boolean(setId) && emails.length > 0;

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      size="xl"
      busy={mutation.isPending}
      title="Add Users"
      description="Invite people to this deal by e-mail. Each invitation is valid for 7 days."
      formId="add-users-form"
      gap="5"
      onSubmit={onSubmit}
      submitLabel={emails.length > 1 ? `Send ${emails.length} Invitations` : 'Send Invitation'}
      submitDisabled={!canSubmit}
      footerStart={
        <Text textStyle="sm" color="fg.muted" data-testid="invite-count">
          {emails.length === 0
            ? 'No addresses yet'
            : `${emails.length} ${emails.length === 1 ? 'invitation' : 'invitations'} will be sent`}
        </Text>
      }
    >
      <TextAreaField
        label="Email addresses"
        required
        error={emailError}
        helper="Separate addresses with commas or new lines."
        name="emails"
        rows={5}
        value={text}
        autoFocus
        placeholder={'anna@buyer.com, ben@lawfirm.com\ncarla@advisor.com'}
        onChange={setText}
        fontFamily="mono"
        textStyle="sm"
      />
      <Box mt="-2">
        <HStack gap="3" wrap="wrap">
          <Button size="xs" variant="outline" onClick={() => fileInput.current?.click()}>
            <FileSpreadsheet /> Upload CSV
          </Button>
          <Text textStyle="xs" color="fg.muted">
            The first column of each line is read.
          </Text>
          {loaded && (
            <Text textStyle="xs" color="fg.success" fontWeight="medium" role="status">
              {loaded}
            </Text>
          )}
        </HStack>
        <chakra.input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv,text/plain"
          display="none"
          aria-label="CSV file"
          data-testid="csv-input"
          onChange={onFile}
        />
      </Box>
      <FormField label="Permission set" required error={setError}>
        <PermissionSetSelect
          sets={sets}
          value={setId}
          onChange={setSetId}
          onBlur={() => setSetTouched(true)}
          ariaLabel="Permission set"
        />
      </FormField>
      <FieldGroup label="Groups" optional>
        <ChipPicker items={groups} value={groupIds} onChange={setGroupIds} emptyText="This deal has no groups yet." />
      </FieldGroup>
      <FieldGroup label="Tags" optional>
        <ChipPicker items={tags} value={tagIds} onChange={setTagIds} emptyText="This deal has no tags yet." />
      </FieldGroup>
    </FormDialog>
  );
}
