import { Flex, HStack } from '@chakra-ui/react';
import { BookOpen, FolderPlus, Plus } from 'lucide-react';
import { PageTitle } from '../../../components/layout/page-title';
import { preloadChecklistDialog, type ChecklistDialog } from './checklist-dialogs';
import { DialogButton } from '../../../components/dialog-button';

/** The checklist's title, its counts and, for editors, the buttons that add categories and items. */
export function ChecklistHeader({
  dealName,
  totalItems,
  categories,
  showActions,
  onOpen,
}: {
  dealName: string | undefined;
  totalItems: number;
  categories: number;
  showActions: boolean;
  onOpen: (dialog: ChecklistDialog) => void;
}) {
  return (
    <Flex justify="space-between" align={{ base: 'stretch', lg: 'flex-end' }} gap="4" direction={{ base: 'column', lg: 'row' }}>
      <PageTitle
        minW="0"
        title="Due Diligence Checklist"
        subtitle={
          <>
            {dealName ? `${dealName} · ` : ''}
            {totalItems} item{totalItems === 1 ? '' : 's'} in {categories} categor
            {categories === 1 ? 'y' : 'ies'}
          </>
        }
      />
      {showActions && (
        <HStack gap="2" wrap="wrap">
          <DialogButton
            variant="outline"
            onClick={() => onOpen({ kind: 'category', category: null })}
            preload={preloadChecklistDialog.category}
          >
            <FolderPlus /> Add Category
          </DialogButton>
          <DialogButton variant="outline" onClick={() => onOpen({ kind: 'catalog' })} preload={preloadChecklistDialog.catalog}>
            <BookOpen /> Add from Catalog
          </DialogButton>
          <DialogButton
            colorPalette="brand"
            onClick={() => onOpen({ kind: 'item', item: null })}
            disabled={categories === 0}
            preload={preloadChecklistDialog.item}
          >
            <Plus /> Add Item
          </DialogButton>
        </HStack>
      )}
    </Flex>
  );
}
