import { Box, Button, Card, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import { ChevronDown, ChevronRight, Pencil, Plus, Trash2 } from 'lucide-react';
import { memo, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { ProgressBar } from '../../../components/progress-bar';
import { progressPercent } from '../../../lib/progress';
import {
  APPROVAL_LABELS,
  APPROVAL_TONES,
  approvalOf,
  fileCountTone,
  STATUS_LABELS,
  STATUS_TONES,
  type CategoryView,
} from '../logic';
import type { ChecklistItem } from '../types';

/** Rows rendered at once in an open section; a button shows the rest (keeps giant sections quick). */
export const ROW_CHUNK = 200;

export type RowAction = 'update' | 'edit' | 'delete';

export interface SectionRights {
  canEdit: boolean;
  canUpload: boolean;
}

/** A stroke icon as a CSS mask (Lucide's paths): no DOM and no component per row. */
function maskIcon(paths: string[]): string {
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'>${paths
    .map((d) => `<path d='${d}'/>`)
    .join('')}</svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

const ICONS = {
  file: maskIcon([
    'M6 22a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h8a2.4 2.4 0 0 1 1.704.706l3.588 3.588A2.4 2.4 0 0 1 20 8v12a2 2 0 0 1-2 2z',
    'M14 2v5a1 1 0 0 0 1 1h5',
    'M10 9H8',
    'M16 13H8',
    'M16 17H8',
  ]),
  pencil: maskIcon([
    'M21.174 6.812a1 1 0 0 0-3.986-3.987L3.842 16.174a2 2 0 0 0-.5.83l-1.321 4.352a.5.5 0 0 0 .623.622l4.353-1.32a2 2 0 0 0 .83-.497z',
    'm15 5 4 4',
  ]),
  trash: maskIcon([
    'M10 11v6',
    'M14 11v6',
    'M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6',
    'M3 6h18',
    'M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2',
  ]),
};

function RowIcon({ name }: { name: keyof typeof ICONS }) {
  return <span className="cl-ico" data-icon={name} aria-hidden="true" />;
}

/**
 * Item rows are plain elements styled once by the section (no component per badge or button), so a
 * section of hundreds of items renders quickly; the browser skips laying out rows out of view.
 */
const ROWS_CSS = {
  '& .cl-row': {
    display: 'grid',
    gridTemplateColumns: { base: '40px minmax(0, 1fr) auto', lg: '52px minmax(0, 1fr) 120px 80px 150px 112px' },
    gridTemplateAreas: {
      base: '"code main main" ". meta actions"',
      lg: '"code main status files approval actions"',
    },
    alignItems: 'center',
    columnGap: '3',
    rowGap: '1.5',
    px: '4',
    py: '2.5',
    borderTopWidth: '1px',
    borderColor: 'border.muted',
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 56px',
    _hover: { bg: 'bg.subtle' },
  },
  '& [role=listitem]:first-of-type > .cl-row': { borderTopWidth: 0 },
  '& .cl-code': {
    gridArea: 'code',
    alignSelf: { base: 'start', lg: 'center' },
    pt: { base: '0.5', lg: '0' },
    fontFamily: 'mono',
    fontSize: 'xs',
    fontWeight: 'semibold',
    color: 'fg.muted',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  '& .cl-main': { gridArea: 'main', minWidth: 0 },
  '& .cl-title': { display: 'flex', alignItems: { base: 'flex-start', lg: 'center' }, gap: '2', minWidth: 0 },
  '& .cl-name': {
    fontSize: 'sm',
    fontWeight: 'medium',
    color: 'fg',
    whiteSpace: { base: 'normal', lg: 'nowrap' },
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    _hover: { color: 'brand.fg', textDecoration: 'underline' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px', borderRadius: 'xs' },
  },
  '& .cl-desc': {
    fontSize: 'xs',
    color: 'fg.muted',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    mt: '0.5',
  },
  '& .cl-meta': { display: { base: 'flex', lg: 'contents' }, gridArea: 'meta', flexWrap: 'wrap', gap: '2', alignItems: 'center' },
  '& .cl-status': { gridArea: 'status' },
  '& .cl-files': {
    gridArea: 'files',
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    fontSize: 'xs',
    color: 'fg.muted',
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  },
  '& .cl-files[data-tone=met]': { color: 'green.fg', fontWeight: 'medium' },
  '& .cl-files[data-tone=partial]': { color: 'fg' },
  '& .cl-approval': { gridArea: 'approval' },
  '& .cl-pill': {
    display: 'inline-flex',
    alignItems: 'center',
    justifySelf: 'start',
    height: '5',
    px: '2',
    borderRadius: 'sm',
    fontSize: 'xs',
    fontWeight: 'medium',
    whiteSpace: 'nowrap',
    lineHeight: '1',
  },
  '& .cl-pill[data-tone=blue]': { bg: 'blue.subtle', color: 'blue.fg' },
  '& .cl-pill[data-tone=green]': { bg: 'green.subtle', color: 'green.fg' },
  '& .cl-pill[data-tone=gray]': { bg: 'gray.subtle', color: 'gray.fg' },
  '& .cl-pill[data-variant=outline]': { bg: 'transparent', boxShadow: 'inset 0 0 0 1px currentColor' },
  '& .cl-pill[data-variant=outline][data-tone=gray]': {
    color: 'fg.muted',
    boxShadow: 'inset 0 0 0 1px var(--chakra-colors-border-emphasized)',
  },
  '& .cl-pill[data-tone=orange]': { color: 'orange.fg' },
  '& .cl-pill[data-tone=required]': {
    bg: 'red.subtle',
    color: 'red.fg',
    height: '4.5',
    px: '1.5',
    fontSize: '2xs',
    fontWeight: 'semibold',
    flexShrink: 0,
  },
  '& .cl-ico': {
    display: 'inline-block',
    width: '14px',
    height: '14px',
    flexShrink: 0,
    bg: 'currentColor',
    maskSize: 'contain',
    maskRepeat: 'no-repeat',
    maskPosition: 'center',
  },
  '& .cl-ico[data-icon=file]': { maskImage: ICONS.file, width: '13px', height: '13px' },
  '& .cl-ico[data-icon=pencil]': { maskImage: ICONS.pencil },
  '& .cl-ico[data-icon=trash]': { maskImage: ICONS.trash },
  '& .cl-actions': { gridArea: 'actions', display: 'flex', justifyContent: 'flex-end', gap: '1' },
  '& .cl-btn': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '1',
    height: '7',
    minWidth: '7',
    px: '1.5',
    borderRadius: 'sm',
    fontSize: 'xs',
    fontWeight: 'medium',
    color: 'fg.muted',
    cursor: 'pointer',
    _hover: { bg: 'bg.muted', color: 'fg' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing' },
  },
  '& .cl-btn[data-action=update]': { borderWidth: '1px', borderColor: 'border', px: '2.5', color: 'fg' },
  '& .cl-btn[data-action=delete]:hover': { color: 'red.fg', bg: 'red.subtle' },
} as const;

const ItemRow = memo(function ItemRow({
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
            <button
              type="button"
              className="cl-btn"
              data-action="edit"
              data-item={item.id}
              aria-label={`Edit ${item.name}`}
              title="Edit item"
            >
              <RowIcon name="pencil" />
            </button>
            <button
              type="button"
              className="cl-btn"
              data-action="delete"
              data-item={item.id}
              aria-label={`Delete ${item.name}`}
              title="Delete item"
            >
              <RowIcon name="trash" />
            </button>
          </>
        )}
      </div>
    </div>
  );
});

/** One collapsible category: header with progress and counts; rows only while open. */
export const CategorySection = memo(function CategorySection({
  view,
  open,
  onToggle,
  itemHref,
  rights,
  filtering,
  onRowAction,
  onEditCategory,
  onDeleteCategory,
  onAddItem,
}: {
  view: CategoryView;
  open: boolean;
  onToggle: (categoryId: string) => void;
  itemHref: (item: ChecklistItem) => string;
  rights: SectionRights;
  filtering: boolean;
  onRowAction: (action: RowAction, item: ChecklistItem) => void;
  onEditCategory: (categoryId: string) => void;
  onDeleteCategory: (categoryId: string) => void;
  onAddItem: (categoryId: string) => void;
}) {
  const { category, items, visible } = view;
  const [limit, setLimit] = useState(ROW_CHUNK);
  const progress = { completed: category.completed, total: category.total };
  const contentId = `cl-section-${category.id}`;

  const navigate = useNavigate();
  const onRowsClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest<HTMLAnchorElement>('a.cl-name');
    if (link) {
      // A plain click stays in the app; modified clicks (new tab, new window) are the browser's.
      if (event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) {
        event.preventDefault();
        navigate(link.getAttribute('href') ?? '');
      }
      return;
    }
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-action]');
    if (!button) return;
    const item = visible.find((entry) => entry.id === button.dataset.item);
    if (item) onRowAction(button.dataset.action as RowAction, item);
  };

  const shown = visible.length > limit ? visible.slice(0, limit) : visible;

  return (
    <Card.Root variant="outline" bg="bg" overflow="hidden" data-testid="checklist-section" data-category={category.name}>
      <Flex align="center" gap="3" px="4" py="3" bg={open ? 'bg.subtle' : 'bg'} _hover={{ bg: 'bg.subtle' }}>
        <Box
          as="button"
          flex="1"
          minW="0"
          display="flex"
          alignItems="center"
          gap="3"
          textAlign="left"
          cursor="pointer"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => onToggle(category.id)}
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', rounded: 'sm' }}
        >
          <Box color="fg.muted" flexShrink={0}>
            {open ? <ChevronDown size={18} /> : <ChevronRight size={18} />}
          </Box>
          {category.code && (
            <Flex
              align="center"
              justify="center"
              minW="7"
              h="7"
              px="1.5"
              rounded="md"
              bg="brand.subtle"
              color="brand.fg"
              fontWeight="semibold"
              textStyle="xs"
              flexShrink={0}
            >
              {category.code}
            </Flex>
          )}
          <Box minW="0" flex="1">
            <Text fontWeight="semibold" truncate title={category.name}>
              {category.name}
            </Text>
            <Text textStyle="xs" color="fg.muted">
              <Text as="span" display={{ base: 'inline', sm: 'none' }}>
                {category.completed}/{category.total} done ·{' '}
              </Text>
              {filtering
                ? `${visible.length} of ${items.length} item${items.length === 1 ? '' : 's'} match`
                : `${items.length} item${items.length === 1 ? '' : 's'}`}
            </Text>
          </Box>
          <HStack gap="3" flexShrink={0} display={{ base: 'none', md: 'flex' }} w="56">
            <Box flex="1">
              <ProgressBar
                progress={progress}
                size="sm"
                label={`${category.name}: ${category.completed} of ${category.total} completed`}
              />
            </Box>
          </HStack>
          <Text
            display={{ base: 'none', sm: 'block' }}
            textStyle="sm"
            fontWeight="medium"
            color="fg.muted"
            flexShrink={0}
            minW="20"
            textAlign="right"
            fontVariantNumeric="tabular-nums"
            data-testid="section-count"
          >
            {category.completed}/{category.total}
            <Text as="span" color="fg.subtle" fontWeight="normal">
              {' '}
              · {progressPercent(progress)}%
            </Text>
          </Text>
        </Box>
        {rights.canEdit && (
          <HStack gap="0.5" flexShrink={0}>
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={`Add item to ${category.name}`}
              title="Add item"
              onClick={() => onAddItem(category.id)}
            >
              <Plus />
            </IconButton>
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={`Edit ${category.name}`}
              title="Edit category"
              onClick={() => onEditCategory(category.id)}
            >
              <Pencil />
            </IconButton>
            <IconButton
              size="xs"
              variant="ghost"
              colorPalette="red"
              aria-label={`Delete ${category.name}`}
              title="Delete category"
              onClick={() => onDeleteCategory(category.id)}
            >
              <Trash2 />
            </IconButton>
          </HStack>
        )}
      </Flex>
      {open && (
        <Box id={contentId} css={ROWS_CSS} onClick={onRowsClick} borderTopWidth="1px" borderColor="border">
          {visible.length === 0 ? (
            <Flex px="4" py="5" gap="3" align="center" justify="center" color="fg.muted" textStyle="sm">
              <Text>No items in this category yet.</Text>
              {rights.canEdit && (
                <Button size="xs" variant="outline" onClick={() => onAddItem(category.id)}>
                  <Plus /> Add Item
                </Button>
              )}
            </Flex>
          ) : (
            <div role="list" aria-label={`${category.name} items`}>
              {shown.map((item) => (
                <div role="listitem" key={item.id}>
                  <ItemRow item={item} href={itemHref(item)} canEdit={rights.canEdit} canUpload={rights.canUpload} />
                </div>
              ))}
            </div>
          )}
          {visible.length > shown.length && (
            <Flex justify="center" py="3" borderTopWidth="1px" borderColor="border.muted">
              <Button size="xs" variant="ghost" onClick={() => setLimit(visible.length)}>
                Show {visible.length - shown.length} more item{visible.length - shown.length === 1 ? '' : 's'}
              </Button>
            </Flex>
          )}
        </Box>
      )}
    </Card.Root>
  );
});
