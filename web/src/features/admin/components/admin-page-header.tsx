import { Flex, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/layout/page-title';

export function AdminPageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Flex
      justify="space-between"
      align={{ base: 'stretch', md: 'flex-end' }}
      direction={{ base: 'column', md: 'row' }}
      gap="4"
      mb="6"
    >
      <PageTitle title={title} subtitle={description} />
      {actions && <HStack gap="3">{actions}</HStack>}
    </Flex>
  );
}
