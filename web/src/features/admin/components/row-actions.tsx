import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import { Pencil, Trash2 } from 'lucide-react';

/** An icon button of an admin table's Actions column (name it with aria-label; title is its tooltip). */
export function RowAction(props: IconButtonProps) {
  return <IconButton size="xs" variant="ghost" {...props} />;
}

/** The Edit action of the row of `name`. */
export function EditAction({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <RowAction aria-label={`Edit ${name}`} title="Edit" onClick={onClick}>
      <Pencil />
    </RowAction>
  );
}

/** The Delete action of the row of `name`; a `refusal` disables it and is its tooltip. */
export function DeleteAction({ name, onClick, refusal }: { name: string; onClick: () => void; refusal?: string }) {
  return (
    <RowAction
      aria-label={`Delete ${name}`}
      title={refusal ?? 'Delete'}
      colorPalette="red"
      disabled={Boolean(refusal)}
      onClick={onClick}
    >
      <Trash2 />
    </RowAction>
  );
}
