import { Box, Button, HStack, Table, Text } from '@chakra-ui/react';
import { ListChecks, Plus, Star } from 'lucide-react';
import { useState } from 'react';
import { DeleteDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { notify } from '../../lib/toast';
import type { Preset } from './api/list-presets';
import { ADMIN_PAGE_SIZE } from './api/keys';
import { AdminPage } from './components/admin-page';
import { AdminList } from './components/admin-list';
import { AdminPageHeader } from './components/admin-page-header';
import { AdminPanel } from './components/admin-panel';
import { SearchField } from './components/search-field';
import { AdminToolbar } from './components/admin-toolbar';
import { ActiveBadge } from './components/active-badge';
import { RowAction, EditAction, DeleteAction } from './components/row-actions';
import { PresetFormDialog } from './components/preset-form-dialog';
import { PresetItemsDialog } from './components/preset-items-dialog';
import { useDeletePreset } from './api/delete-preset';
import { useMakeDefaultPreset } from './api/make-default-preset';
import { pluralize } from '../../lib/format';
import { useFormDialog, useLastShown } from '../../lib/use-dialog-target';
import { useSearchPaging, useStepBackFromEmptyPage } from '../../lib/use-list-paging';
import { Pager } from '../../components/pager';
import { usePresetList } from './api/list-presets';

const DEFAULT_DELETE_REFUSAL = 'Cannot delete the default preset';

/** /admin/presets (docs/product.md §2 Checklist Presets). */
export function PresetsPage() {
  const { search, setSearch, q: debouncedSearch, page, setPage } = useSearchPaging();
  const form = useFormDialog<Preset>();
  const [viewing, setViewing] = useState<Preset | null>(null);
  const [deleting, setDeleting] = useState<Preset | null>(null);
  const deleteTarget = useLastShown(deleting);

  const params = { search: debouncedSearch, page };
  const presets = usePresetList(params);

  const total = presets.data?.total_count ?? 0;
  useStepBackFromEmptyPage(presets, page, total, ADMIN_PAGE_SIZE, setPage);

  const makeDefault = useMakeDefaultPreset();

  const remove = useDeletePreset(() => setDeleting(null));

  const askDelete = (preset: Preset) => {
    if (preset.is_default) notify.error(DEFAULT_DELETE_REFUSAL);
    else setDeleting(preset);
  };

  const list = presets.data?.presets ?? [];
  // In the header, and again in the empty list.
  const createButton = (
    <Button colorPalette="brand" size="sm" onClick={() => form.openFor(null)}>
      <Plus size={16} /> Create Preset
    </Button>
  );

  return (
    <AdminPage>
      <AdminPageHeader
        title="Checklist Presets"
        description="Named selections of catalog items that new deals start their checklist from."
        actions={createButton}
      />

      <AdminPanel>
        <AdminToolbar count={presets.isSuccess ? pluralize(total, 'preset') : undefined} countTestId="preset-count">
          <Box flex="1" maxW={{ md: 'md' }}>
            <SearchField value={search} onChange={setSearch} label="Search presets" placeholder="Search by name or description" />
          </Box>
        </AdminToolbar>

        <AdminList
          query={presets}
          errorTitle="Failed to load presets"
          isEmpty={list.length === 0}
          empty={
            <EmptyState
              icon={<ListChecks />}
              title="No presets found"
              description={debouncedSearch ? 'No preset matches this search.' : 'Create your first preset to get started'}
              action={debouncedSearch ? undefined : createButton}
            />
          }
          columns={[
            { label: 'Name', minW: '48' },
            { label: 'Description', minW: '64' },
            { label: 'Items' },
            { label: 'Status' },
            { label: 'Actions', textAlign: 'end' },
          ]}
          skeletonRows={4}
        >
          {list.map((preset) => (
            <Table.Row key={preset.id} data-testid="preset-row">
              <Table.Cell>
                <HStack gap="2">
                  <Box w="4" flexShrink={0} color="yellow.500">
                    {preset.is_default && (
                      <Box title="Default preset" aria-label="Default preset" role="img">
                        <Star size={16} fill="currentColor" />
                      </Box>
                    )}
                  </Box>
                  <Text fontWeight="medium">{preset.name}</Text>
                </HStack>
              </Table.Cell>
              <Table.Cell>
                <Text textStyle="sm" color="fg.muted" lineClamp={2} maxW="md" title={preset.description ?? ''}>
                  {preset.description || '—'}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <Button
                  size="xs"
                  variant="subtle"
                  colorPalette="brand"
                  onClick={() => setViewing(preset)}
                  aria-label={`Show the ${preset.item_count} items in ${preset.name}`}
                >
                  {preset.item_count} {preset.item_count === 1 ? 'item' : 'items'}
                </Button>
              </Table.Cell>
              <Table.Cell>
                <ActiveBadge active={preset.active} />
              </Table.Cell>
              <Table.Cell>
                <HStack gap="0.5" justify="flex-end">
                  {!preset.is_default && (
                    <RowAction
                      aria-label={`Set ${preset.name} as default`}
                      title="Set as default"
                      colorPalette="yellow"
                      loading={makeDefault.isPending && makeDefault.variables?.id === preset.id}
                      disabled={makeDefault.isPending}
                      onClick={() => makeDefault.mutate(preset)}
                    >
                      <Star />
                    </RowAction>
                  )}
                  <EditAction name={preset.name} onClick={() => form.openFor(preset)} />
                  <DeleteAction
                    name={preset.name}
                    refusal={preset.is_default ? DEFAULT_DELETE_REFUSAL : undefined}
                    onClick={() => askDelete(preset)}
                  />
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </AdminList>

        {presets.data && <Pager page={page} total={total} pageSize={ADMIN_PAGE_SIZE} noun="presets" onPageChange={setPage} />}
      </AdminPanel>

      <PresetFormDialog open={form.open} preset={form.row} onClose={form.close} />
      <PresetItemsDialog preset={viewing} onClose={() => setViewing(null)} />
      <DeleteDialog
        row={deleting}
        title="Delete Preset"
        message={
          <Text>
            Delete preset &quot;{deleteTarget?.name}&quot;? Deals already created from it keep their checklists. This cannot be
            undone.
          </Text>
        }
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </AdminPage>
  );
}

export default PresetsPage;
