import { Checkbox, Field, NativeSelect, Switch } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { useFieldError } from '../../../lib/use-field-errors';
import { TextAreaField, TextField } from '../../../components/text-field';
import { type Deal } from '../../../lib/api/deal';
import { useCurrentUser } from '../../../lib/session';
import type { ChecklistPreset } from '../types';
import { validateDealName } from '../validation';
import { useSaveDeal } from '../api/save-deal';
import { defaultPresetValue, useChecklistPresets } from '../api/checklist-presets';
import type { SearchLanguage } from '@contracts/search';
import { SearchLanguageField } from './search-language-field';

function PresetSelect({
  value,
  onChange,
  presets,
  loading,
}: {
  value: string;
  onChange: (v: string) => void;
  presets: ChecklistPreset[];
  loading: boolean;
}) {
  const list = [...presets].sort((a, b) => Number(b.is_default) - Number(a.is_default));
  const hasValue = value === 'blank' || list.some((p) => p.name.toLowerCase() === value);
  const selected = list.find((p) => p.name.toLowerCase() === value);
  return (
    <Field.Root>
      <Field.Label>Checklist preset</Field.Label>
      <NativeSelect.Root disabled={loading}>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)} name="checklist_preset">
          {!hasValue && <option value={value}>{value === 'default' ? 'Default' : value}</option>}
          {list.map((preset) => (
            <option key={preset.id} value={preset.name.toLowerCase()}>
              {preset.name}
              {preset.is_default && preset.name.toLowerCase() !== 'default' ? ' (default)' : ''}
            </option>
          ))}
          {!list.some((p) => p.name.toLowerCase() === 'blank') && <option value="blank">Blank (no checklist)</option>}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>
        {value === 'blank'
          ? 'Start with an empty checklist and add sections later.'
          : selected?.description || 'The deal starts with this preset’s checklist of requested documents.'}
      </Field.HelperText>
    </Field.Root>
  );
}

/** Create New Deal (with a checklist preset) or Edit Deal. */
export function DealFormDialog({
  open,
  onClose,
  deal,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  deal?: Pick<Deal, 'id' | 'name' | 'description' | 'require_mfa' | 'watermark_downloads' | 'search_language'>;
  onSaved?: (deal: Deal) => void;
}) {
  const editing = Boolean(deal);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [preset, setPreset] = useState<string | null>(null);
  const [requireMfa, setRequireMfa] = useState(false);
  const [watermarkDownloads, setWatermarkDownloads] = useState(false);
  const [searchLanguage, setSearchLanguage] = useState<SearchLanguage>('english');
  const { error, setError, edit } = useFieldError();
  // Turning the requirement on needs the admin's own session to have proved a factor (the database refuses otherwise).
  const me = useCurrentUser();
  const mayRequireMfa = Boolean(me?.mfa_enabled && me.session_aal === 'aal2');

  const presets = useChecklistPresets(open && !editing);
  const presetValue = preset ?? defaultPresetValue(presets.data);

  useEffect(() => {
    if (!open) return;
    setName(deal?.name ?? '');
    setDescription(deal?.description ?? '');
    setPreset(null);
    setRequireMfa(Boolean(deal?.require_mfa));
    setWatermarkDownloads(Boolean(deal?.watermark_downloads));
    setSearchLanguage(deal?.search_language ?? 'english');
    setError(null);
  }, [open, deal?.name, deal?.description, deal?.require_mfa, deal?.watermark_downloads, deal?.search_language, setError]);

  const mutation = useSaveDeal(editing, (saved) => {
    onSaved?.(saved);
    onClose();
  });

  const onSubmit = () => {
    const invalid = validateDealName(name);
    setError(invalid);
    if (invalid) return;
    mutation.mutate(
      deal
        ? {
            kind: 'update',
            dealId: deal.id,
            body: {
              name: name.trim(),
              description: description.trim(),
              require_mfa: requireMfa,
              watermark_downloads: watermarkDownloads,
              search_language: searchLanguage,
            },
          }
        : { kind: 'create', body: { name: name.trim(), description: description.trim(), checklist_preset: presetValue } },
    );
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      size="lg"
      busy={mutation.isPending}
      title={editing ? 'Edit Deal' : 'Create New Deal'}
      description={editing ? undefined : 'Set up a data room for a transaction. You become the deal owner and admin.'}
      onSubmit={onSubmit}
      submitLabel={editing ? 'Save Changes' : 'Create Deal'}
    >
      <TextField
        label="Deal name"
        required
        error={error}
        name="name"
        value={name}
        placeholder="e.g. Project Atlas"
        autoFocus
        onChange={edit(setName)}
      />
      <TextAreaField
        label="Description"
        optional
        name="description"
        value={description}
        rows={3}
        placeholder="Target, transaction type, key dates…"
        onChange={setDescription}
      />
      {editing && (
        <Field.Root>
          <Checkbox.Root
            checked={requireMfa}
            disabled={!requireMfa && !mayRequireMfa}
            onCheckedChange={(d) => setRequireMfa(d.checked === true)}
          >
            <Checkbox.HiddenInput name="require_mfa" />
            <Checkbox.Control />
            <Checkbox.Label>Require two-step verification</Checkbox.Label>
          </Checkbox.Root>
          <Field.HelperText>
            {mayRequireMfa || requireMfa
              ? 'Everyone in this deal must sign in with a code from an authenticator app to open it.'
              : 'Turn on two-step verification for yourself in Settings → Two-Step Verification first.'}
          </Field.HelperText>
        </Field.Root>
      )}
      {editing && (
        <Field.Root>
          <Switch.Root
            colorPalette="brand"
            checked={watermarkDownloads}
            onCheckedChange={(d) => setWatermarkDownloads(d.checked)}
            name="watermark_downloads"
          >
            <Switch.HiddenInput />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label>Watermark downloads</Switch.Label>
          </Switch.Root>
          <Field.HelperText>
            Downloaded PDFs and images carry the downloader’s e-mail, the deal’s name and the time on every page.
          </Field.HelperText>
        </Field.Root>
      )}
      {editing && <SearchLanguageField value={searchLanguage} onChange={setSearchLanguage} />}
      {!editing && (
        <PresetSelect value={presetValue} onChange={setPreset} presets={presets.data ?? []} loading={presets.isLoading} />
      )}
    </FormDialog>
  );
}
