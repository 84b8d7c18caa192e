import { Field, Stack } from '@chakra-ui/react';
import { OptionSelect } from '../../../components/option-select';
import { useEffect, useMemo, useState } from 'react';
import { ActionDialog } from '../../../components/action-dialog';
import { useUpdateItemStatusAndFiles } from '../api/update-item-status-and-files';
import { ITEM_STATUSES, STATUS_LABELS } from '../logic';
import type { ChecklistItem, DealFile, ItemStatus } from '../types';
import { DataRoomFilePicker } from './data-room-file-picker';
import { LinkedFiles } from './linked-files';

/** Update Item for who may link files: the item's status (with the right to edit the checklist) and its files. */
export function StatusAndFilesDialog({
  open,
  onClose,
  dealId,
  item,
  canEditStatus,
}: {
  open: boolean;
  onClose: () => void;
  dealId: string;
  item: ChecklistItem | null;
  canEditStatus: boolean;
}) {
  const [status, setStatus] = useState<ItemStatus>('in_progress');
  const [selected, setSelected] = useState<Map<string, string>>(new Map());

  useEffect(() => {
    if (!open || !item) return;
    setStatus(item.status);
    const names = new Map<string, string>();
    for (const file of item.connected_files ?? []) names.set(file.file_id, file.name);
    for (const id of item.files ?? []) if (!names.has(id)) names.set(id, 'File');
    setSelected(names);
  }, [open, item]);

  const initialIds = useMemo(() => new Set(item?.files ?? []), [item]);
  const filesChanged = selected.size !== initialIds.size || [...selected.keys()].some((id) => !initialIds.has(id));
  const statusChanged = item ? status !== item.status : false;

  const save = useUpdateItemStatusAndFiles(dealId, item?.id, onClose);

  const toggle = (file: DealFile, on: boolean) => {
    setSelected((prev) => {
      const next = new Map(prev);
      if (on) next.set(file.id, file.name);
      else next.delete(file.id);
      return next;
    });
  };

  return (
    <ActionDialog
      open={open}
      onClose={onClose}
      size="2xl"
      busy={save.isPending}
      title="Update Item"
      description={item ? `${item.item_id ? `${item.item_id} · ` : ''}${item.name}` : undefined}
      actionLabel="Save"
      onAction={() => save.mutate({ status, ...(filesChanged ? { files: [...selected.keys()] } : {}) })}
      actionDisabled={!item || (!filesChanged && !statusChanged)}
    >
      <Stack gap="5">
        <Field.Root disabled={!canEditStatus}>
          <Field.Label>Status</Field.Label>
          <OptionSelect
            maxW="60"
            disabled={!canEditStatus}
            label="Status"
            value={status}
            onChange={setStatus}
            options={ITEM_STATUSES.map((value) => [value, STATUS_LABELS[value]] as const)}
          />
          {!canEditStatus && <Field.HelperText>Only members who may edit the checklist change its status.</Field.HelperText>}
        </Field.Root>

        <LinkedFiles selected={selected} onUnlink={(id, name) => toggle({ id, name }, false)} />
        <DataRoomFilePicker dealId={dealId} open={open} resetKey={item} selected={selected} onToggle={toggle} />
      </Stack>
    </ActionDialog>
  );
}
