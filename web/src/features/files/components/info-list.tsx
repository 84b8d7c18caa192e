import { DataList } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function InfoList({ items }: { items: Array<{ label: string; value: ReactNode }> }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="2.5">
      {items.map((item) => (
        <DataList.Item key={item.label} alignItems="flex-start" data-label={item.label}>
          <DataList.ItemLabel minW="32" color="fg.muted">
            {item.label}
          </DataList.ItemLabel>
          <DataList.ItemValue minW="0" wordBreak="break-word">
            {item.value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
