import { Box, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import { ChevronDown, ChevronRight, Pencil, Plus, Trash2 } from 'lucide-react';
import { ProgressBar } from '../../../components/progress-bar';
import { progressPercent } from '../../../lib/progress';
import type { CategoryView } from '../logic';

/** A category's header: the toggle with its code, name, counts and progress, and for editors its buttons. */
export function CategoryHeader({
  view,
  open,
  contentId,
  canEdit,
  filtering,
  onToggle,
  onEditCategory,
  onDeleteCategory,
  onAddItem,
}: {
  view: CategoryView;
  open: boolean;
  /** The id of the rows' box the toggle controls. */
  contentId: string;
  canEdit: boolean;
  filtering: boolean;
  onToggle: (categoryId: string) => void;
  onEditCategory: (categoryId: string) => void;
  onDeleteCategory: (categoryId: string) => void;
  onAddItem: (categoryId: string) => void;
}) {
  const { category, items, visible } = view;
  const progress = { completed: category.completed, total: category.total };
  return (
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
      {canEdit && (
        <HStack gap="0.5" flexShrink={0}>
          {[
            { label: `Add item to ${category.name}`, title: 'Add item', icon: <Plus />, onClick: onAddItem },
            { label: `Edit ${category.name}`, title: 'Edit category', icon: <Pencil />, onClick: onEditCategory },
            {
              label: `Delete ${category.name}`,
              title: 'Delete category',
              icon: <Trash2 />,
              onClick: onDeleteCategory,
              red: true,
            },
          ].map(({ label, title, icon, onClick, red }) => (
            <IconButton
              key={title}
              size="xs"
              variant="ghost"
              colorPalette={red ? 'red' : undefined}
              aria-label={label}
              title={title}
              onClick={() => onClick(category.id)}
            >
              {icon}
            </IconButton>
          ))}
        </HStack>
      )}
    </Flex>
  );
}
