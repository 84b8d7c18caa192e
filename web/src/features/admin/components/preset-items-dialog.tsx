import { Badge, Box, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Inbox } from 'lucide-react';
import { EmptyState } from '../../../components/empty-state';
import { CloseFooter, Modal } from '../../../components/modal';
import { useLastShown } from '../../../lib/use-dialog-target';
import type { Preset } from '../api/list-presets';
import { usePreset } from '../api/get-preset';
import { SmallLoadError } from './load-error';

/** The read-only list 'Items in {preset name}' opened from a preset's item count. */
export function PresetItemsDialog({ preset: current, onClose }: { preset: Preset | null; onClose: () => void }) {
  const preset = useLastShown(current);
  const detail = usePreset(preset?.id ?? '', Boolean(current));

  const items = detail.data?.catalog_items ?? [];

  return (
    <Modal
      open={Boolean(current)}
      onClose={onClose}
      size="2xl"
      title={`Items in ${preset?.name ?? ''}`}
      description={detail.isSuccess ? `${items.length} ${items.length === 1 ? 'item' : 'items'} in this preset` : undefined}
      footer={<CloseFooter onClose={onClose} />}
    >
      {detail.isPending ? (
        <Stack gap="4">
          {Array.from({ length: 4 }, (_, index) => (
            <Stack key={index} gap="2">
              <Skeleton h="4" w="50%" />
              <Skeleton h="3" w="90%" />
            </Stack>
          ))}
        </Stack>
      ) : detail.isError ? (
        <SmallLoadError title="Failed to load preset items" onRetry={() => detail.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState size="sm" icon={<Inbox />} title="No items in this preset" />
      ) : (
        <Stack
          gap="0"
          maxH="60vh"
          overflowY="auto"
          borderWidth="1px"
          borderColor="border"
          rounded="md"
          data-testid="preset-items"
        >
          {items.map((item, index) => (
            <Box
              key={item.id}
              px="4"
              py="3"
              borderTopWidth={index === 0 ? '0' : '1px'}
              borderColor="border"
              data-testid="preset-item"
            >
              <HStack justify="space-between" align="flex-start" gap="3">
                <HStack gap="2" align="baseline" minW="0">
                  <Text fontFamily="mono" textStyle="sm" color="fg.muted" flexShrink={0}>
                    {item.code}
                  </Text>
                  <Text fontWeight="medium" textStyle="sm">
                    {item.title}
                  </Text>
                </HStack>
                <Badge size="sm" variant="subtle" colorPalette="gray" flexShrink={0}>
                  {item.category}
                </Badge>
              </HStack>
              {item.description && (
                <Text textStyle="xs" color="fg.muted" mt="1">
                  {item.description}
                </Text>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
