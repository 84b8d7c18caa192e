import { Badge, Box, Flex, Heading, HStack, IconButton, Table, Text } from '@chakra-ui/react';
import { Check, Minus, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { pluralize } from '../../../lib/format';
import { CAPABILITY_INFO } from '../../../lib/permission-sets';
import { permissionSetLabel } from '../../../lib/permission-sets';
import { CAPABILITIES, type PermissionSet } from '../types';

/** Permission sets as rows, one column per capability (docs/product.md §2 Permission Sets), with edit and delete where allowed. */
export function SetsTable({
  sets,
  canManage,
  onEdit,
  onDelete,
  testId,
}: {
  sets: PermissionSet[];
  canManage: boolean;
  onEdit?: (set: PermissionSet) => void;
  onDelete?: (set: PermissionSet) => void;
  testId: string;
}) {
  const actions = Boolean(canManage && onEdit);
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" tableLayout="fixed" minW="980px" data-testid={testId}>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader w="260px" px="4" py="2.5" textStyle="xs" color="fg.muted" fontWeight="semibold">
              Name
            </Table.ColumnHeader>
            {CAPABILITIES.map((cap) => (
              <Table.ColumnHeader
                key={cap}
                textAlign="center"
                px="1"
                py="2.5"
                textStyle="xs"
                color="fg.muted"
                fontWeight="semibold"
                lineHeight="1.2"
                title={CAPABILITY_INFO[cap].description}
              >
                {CAPABILITY_INFO[cap].label}
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader w="96px" px="3" textStyle="xs" color="fg.muted" fontWeight="semibold" textAlign="right">
              In use
            </Table.ColumnHeader>
            {/* Always present, so the system and custom tables line up. */}
            <Table.ColumnHeader w="84px" />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {sets.map((set) => (
            <Table.Row key={set.id} data-testid="permission-set-row">
              <Table.Cell px="4" py="3">
                <Text textStyle="sm" fontWeight="semibold">
                  {set.type === 'system' ? permissionSetLabel(set.name) : set.name}
                </Text>
                {set.type === 'system' && permissionSetLabel(set.name) !== set.name && (
                  <Text as="code" textStyle="xs" color="fg.subtle">
                    {set.name}
                  </Text>
                )}
                {set.description && (
                  <Text textStyle="xs" color="fg.muted" lineClamp={2} title={set.description}>
                    {set.description}
                  </Text>
                )}
              </Table.Cell>
              {CAPABILITIES.map((cap) => (
                <Table.Cell key={cap} textAlign="center" px="1">
                  {set.capabilities[cap] ? (
                    <Flex justify="center" color="green.600" aria-label={`${CAPABILITY_INFO[cap].label}: yes`} role="img">
                      <Check size={16} strokeWidth={2.75} />
                    </Flex>
                  ) : (
                    <Flex justify="center" color="fg.subtle" aria-label={`${CAPABILITY_INFO[cap].label}: no`} role="img">
                      <Minus size={14} />
                    </Flex>
                  )}
                </Table.Cell>
              ))}
              <Table.Cell px="3" textAlign="right" textStyle="xs" color="fg.muted" whiteSpace="nowrap">
                <Text>{pluralize(set.user_count ?? 0, 'user')}</Text>
                <Text>{pluralize(set.group_count ?? 0, 'group')}</Text>
              </Table.Cell>
              {!actions && <Table.Cell />}
              {actions && (
                <Table.Cell px="2" textAlign="right">
                  <HStack gap="0.5" justify="flex-end">
                    <IconButton size="xs" variant="ghost" aria-label={`Edit ${set.name}`} onClick={() => onEdit?.(set)}>
                      <Pencil />
                    </IconButton>
                    <IconButton
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={`Delete ${set.name}`}
                      onClick={() => onDelete?.(set)}
                    >
                      <Trash2 />
                    </IconButton>
                  </HStack>
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** A titled group of sets (system or the deal's own). */
export function Section({
  title,
  description,
  count,
  action,
  children,
}: {
  title: string;
  description: string;
  count?: number;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box bg="bg" borderWidth="1px" borderColor="border" rounded="xl" overflow="hidden">
      <Flex px="4" py="3" justify="space-between" align="center" gap="3" borderBottomWidth="1px" borderColor="border">
        <Box>
          <HStack gap="2">
            <Heading as="h2" size="sm">
              {title}
            </Heading>
            {count !== undefined && (
              <Badge size="sm" variant="subtle" colorPalette="gray">
                {count}
              </Badge>
            )}
          </HStack>
          <Text textStyle="xs" color="fg.muted" mt="0.5">
            {description}
          </Text>
        </Box>
        {action}
      </Flex>
      {children}
    </Box>
  );
}
