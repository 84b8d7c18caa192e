import { Badge, Button, HStack, Table, Text } from '@chakra-ui/react';
import { OptionSelect } from '../../components/option-select';
import { Library, Plus, ToggleLeft, ToggleRight } from 'lucide-react';
import { useState } from 'react';
import { DeleteDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { CATALOG_CATEGORIES } from '@contracts/catalog';
import type { CatalogItem } from './api/list-catalog';
import { ADMIN_PAGE_SIZE } from './api/keys';
import { AdminPage } from './components/admin-page';
import { AdminPageHeader } from './components/admin-page-header';
import { AdminPanel } from './components/admin-panel';
import { SearchField } from './components/search-field';
import { AdminToolbar } from './components/admin-toolbar';
import { AdminList } from './components/admin-list';
import { ActiveBadge } from './components/active-badge';
import { RowAction, EditAction, DeleteAction } from './components/row-actions';
import { CatalogItemFormDialog } from './components/catalog-item-form-dialog';
import { useDeleteCatalogItem } from './api/delete-catalog-item';
import { useToggleCatalogItem } from './api/toggle-catalog-item';
import { pluralize } from '../../lib/format';
import { useFormDialog, useLastShown } from '../../lib/use-dialog-target';
import { useSearchPaging, useStepBackFromEmptyPage } from '../../lib/use-list-paging';
import { Pager } from '../../components/pager';
import { useCatalogList } from './api/list-catalog';

/** /admin/catalog (docs/product.md §2 Catalog Items). */
export function CatalogItemsPage() {
  const [category, setCategory] = useState('');
  // A new search or category starts again at page 1.
  const { search, setSearch, q: debouncedSearch, page, setPage } = useSearchPaging(category);
  const form = useFormDialog<CatalogItem>();
  const [deleting, setDeleting] = useState<CatalogItem | null>(null);
  const deleteTarget = useLastShown(deleting);
  const params = { search: debouncedSearch, category, page };
  const catalog = useCatalogList(params);

  // After a delete empties the last page, step back to the new last page.
  const total = catalog.data?.total_count ?? 0;
  useStepBackFromEmptyPage(catalog, page, total, ADMIN_PAGE_SIZE, setPage);

  const toggle = useToggleCatalogItem();

  const remove = useDeleteCatalogItem(() => setDeleting(null));

  const items = catalog.data?.items ?? [];
  const filtered = Boolean(debouncedSearch || category);

  return (
    <AdminPage>
      <AdminPageHeader
        title="Catalog Items"
        description="The master list of documents that checklist presets draw from."
        actions={
          <Button colorPalette="brand" size="sm" onClick={() => form.openFor(null)}>
            <Plus size={16} /> Add Item
          </Button>
        }
      />

      <AdminPanel>
        <AdminToolbar count={catalog.isSuccess ? pluralize(total, 'item') : undefined} countTestId="catalog-count">
          <SearchField
            value={search}
            onChange={setSearch}
            label="Search catalog items"
            placeholder="Search by code, title or description"
          />
          <OptionSelect
            size="sm"
            w={{ base: 'full', md: '60' }}
            fieldBg="bg"
            label="Category"
            value={category}
            onChange={setCategory}
            options={[['', 'All Categories'], ...CATALOG_CATEGORIES.map((name) => [name, name] as const)]}
          />
        </AdminToolbar>

        <AdminList
          query={catalog}
          errorTitle="Failed to load catalog items"
          isEmpty={items.length === 0}
          empty={
            <EmptyState
              icon={<Library />}
              title="No catalog items found"
              description={filtered ? 'Try another search or category.' : 'Add the first item to start building presets.'}
            />
          }
          columns={[
            { label: 'Code', w: '20' },
            { label: 'Title', minW: '72' },
            { label: 'Category' },
            { label: 'Version' },
            { label: 'Status' },
            { label: 'Actions', textAlign: 'end' },
          ]}
        >
          {items.map((item) => (
            <Table.Row key={item.id} data-testid="catalog-row" opacity={item.active ? 1 : 0.75}>
              <Table.Cell>
                <Text fontFamily="mono" fontWeight="semibold" textStyle="sm" whiteSpace="nowrap">
                  {item.code}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <Text fontWeight="medium">{item.title}</Text>
                {item.description && (
                  <Text textStyle="xs" color="fg.muted" lineClamp={2} maxW="xl" title={item.description}>
                    {item.description}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>
                <Text textStyle="sm" color="fg.muted" whiteSpace="nowrap">
                  {item.category}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <Badge size="sm" variant="outline" colorPalette="gray">
                  v{item.version}
                </Badge>
              </Table.Cell>
              <Table.Cell>
                <ActiveBadge active={item.active} />
              </Table.Cell>
              <Table.Cell>
                <HStack gap="0.5" justify="flex-end">
                  <EditAction name={item.code} onClick={() => form.openFor(item)} />
                  <RowAction
                    aria-label={item.active ? `Deactivate ${item.code}` : `Activate ${item.code}`}
                    title={item.active ? 'Deactivate' : 'Activate'}
                    colorPalette={item.active ? 'green' : 'gray'}
                    loading={toggle.isPending && toggle.variables?.id === item.id}
                    onClick={() => toggle.mutate(item)}
                  >
                    {item.active ? <ToggleRight /> : <ToggleLeft />}
                  </RowAction>
                  <DeleteAction name={item.code} onClick={() => setDeleting(item)} />
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </AdminList>

        {catalog.data && <Pager page={page} total={total} pageSize={ADMIN_PAGE_SIZE} noun="items" onPageChange={setPage} />}
      </AdminPanel>

      <CatalogItemFormDialog open={form.open} item={form.row} onClose={form.close} />
      <DeleteDialog
        row={deleting}
        title="Delete Catalog Item"
        message={<Text>Delete catalog item &quot;{deleteTarget?.code}&quot;? This will remove it from all presets.</Text>}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </AdminPage>
  );
}

export default CatalogItemsPage;
