import { memo } from 'react';
import { APPROVAL_LABELS, APPROVAL_TONES, approvalOf, fileCountTone, STATUS_LABELS, STATUS_TONES } from '../logic';
import type { ChecklistItem } from '../types';

/** What a row's buttons ask for; the section hears of it by one click handler (see category-section.tsx). */
export type RowAction = 'update' | 'edit' | 'delete';

/** The icons are masks drawn by the section's stylesheet (item-rows-css.ts). */
function RowIcon({ name }: { name: 'file' | 'pencil' | 'trash' }) {
  return <span className="cl-ico" data-icon={name} aria-hidden="true" />;
}

/** A row's Edit or Delete icon button: "Edit <name>" read, "Edit item" shown on hover. */
function IconButton({ action, icon, item }: { action: 'edit' | 'delete'; icon: 'pencil' | 'trash'; item: ChecklistItem }) {
  const verb = action === 'edit' ? 'Edit' : 'Delete';
  return (
    <button
      type="button"
      className="cl-btn"
      data-action={action}
      data-item={item.id}
      aria-label={`${verb} ${item.name}`}
      title={`${verb} item`}
    >
      <RowIcon name={icon} />
    </button>
  );
}

/** One item of a section: plain elements styled by the section's stylesheet (item-rows-css.ts). */
export const ItemRow = memo(function ItemRow({
  item,
  href,
  canEdit,
  canUpload,
}: {
  item: ChecklistItem;
  href: string;
  canEdit: boolean;
  canUpload: boolean;
}) {
  const approval = approvalOf(item);
  const expected = item.metadata?.anticipated_file_count ?? 0;
  const actual = item.metadata?.actual_file_count ?? 0;
  return (
    <div className="cl-row" data-testid="checklist-item" data-item-id={item.id}>
      <span className="cl-code" title={item.item_id ?? undefined}>
        {item.item_id || '—'}
      </span>
      <div className="cl-main">
        <div className="cl-title">
          <a className="cl-name" href={href} title={item.name}>
            {item.name}
          </a>
          {item.required && (
            <span className="cl-pill" data-tone="required">
              Required
            </span>
          )}
        </div>
        {item.description && (
          <div className="cl-desc" title={item.description}>
            {item.description}
          </div>
        )}
      </div>
      <div className="cl-meta">
        <span className="cl-pill cl-status" data-tone={STATUS_TONES[item.status] ?? 'gray'} data-status={item.status}>
          {STATUS_LABELS[item.status] ?? item.status}
        </span>
        <span
          className="cl-files"
          data-tone={fileCountTone(expected, actual)}
          title={`${actual} of ${expected} expected file${expected === 1 ? '' : 's'} provided`}
          aria-label={`${actual} of ${expected} expected files`}
        >
          <RowIcon name="file" />
          {actual}/{expected}
        </span>
        <span
          className="cl-pill cl-approval"
          data-variant="outline"
          data-tone={APPROVAL_TONES[approval]}
          data-approval={approval}
        >
          {APPROVAL_LABELS[approval]}
        </span>
      </div>
      <div className="cl-actions">
        {canUpload && (
          <button type="button" className="cl-btn" data-action="update" data-item={item.id}>
            Update
          </button>
        )}
        {canEdit && (
          <>
            <IconButton action="edit" icon="pencil" item={item} />
            <IconButton action="delete" icon="trash" item={item} />
          </>
        )}
      </div>
    </div>
  );
});
