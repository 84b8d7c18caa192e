import { Button, Center, Heading, Text, VStack } from '@chakra-ui/react';
import { AlertTriangle, FolderX, Home, RefreshCw, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageContainer } from '../../../components/layout/page-container';
import { ApiError, errorDetail } from '../../../lib/api/client';

function View({
  icon,
  tone,
  title,
  message,
  action,
  testId,
}: {
  icon: ReactNode;
  tone: string;
  title: string;
  message: string;
  action: ReactNode;
  testId: string;
}) {
  return (
    <Center py={{ base: '10', md: '16' }} px="4" data-testid={testId}>
      <VStack
        gap="4"
        maxW="md"
        w="full"
        textAlign="center"
        bg="bg"
        borderWidth="1px"
        borderColor="border"
        rounded="xl"
        px="8"
        py="10"
        shadow="xs"
      >
        <Center boxSize="12" rounded="full" bg={`${tone}.subtle`} color={`${tone}.fg`}>
          {icon}
        </Center>
        <VStack gap="1.5">
          <Heading as="h2" size="lg">
            {title}
          </Heading>
          <Text color="fg.muted" textStyle="sm">
            {message}
          </Text>
        </VStack>
        {action}
      </VStack>
    </Center>
  );
}

export const PATH_NOT_FOUND = "Path not found or you don't have access";
export const FOLDER_NOT_FOUND = "Folder not found or you don't have access";
export const PATH_FORBIDDEN = "You don't have permission to access this path";
export const FOLDER_FORBIDDEN = "You don't have permission to access this folder";

/** A folder that cannot be shown, with Go to Root; the message depends on whether it was asked for by id or path. */
function RootView({ forbidden, byId, onRoot }: { forbidden: boolean; byId: boolean; onRoot: () => void }) {
  return (
    <View
      testId={forbidden ? 'folder-access-denied' : 'folder-not-found'}
      icon={forbidden ? <ShieldAlert size={24} /> : <FolderX size={24} />}
      tone={forbidden ? 'red' : 'orange'}
      title={forbidden ? 'Access Denied' : 'Folder Not Found'}
      message={forbidden ? (byId ? FOLDER_FORBIDDEN : PATH_FORBIDDEN) : byId ? FOLDER_NOT_FOUND : PATH_NOT_FOUND}
      action={
        <Button colorPalette="brand" size="sm" onClick={onRoot}>
          <Home /> Go to Root
        </Button>
      }
    />
  );
}

/** 'Folder Not Found' with Go to Root. */
export function FolderNotFound({ byId, onRoot }: { byId: boolean; onRoot: () => void }) {
  return <RootView forbidden={false} byId={byId} onRoot={onRoot} />;
}

/** Any other failure: Try Again reloads the page. */
export function FolderLoadError({ detail }: { detail?: string }) {
  return (
    <View
      testId="folder-load-error"
      icon={<AlertTriangle size={24} />}
      tone="red"
      title="An error occurred while loading the folder"
      message={detail || 'The folder could not be loaded. Please try again.'}
      action={
        <Button variant="outline" size="sm" onClick={() => window.location.reload()}>
          <RefreshCw /> Try Again
        </Button>
      }
    />
  );
}

/**
 * The page for a folder that cannot be shown: not found (404, or 400 for a malformed id), forbidden
 * (403), or any other failure; null when there is nothing wrong.
 */
export function FolderProblem({ error, byId, onRoot }: { error: unknown; byId: boolean; onRoot: () => void }) {
  if (!error) return null;
  const status = error instanceof ApiError ? error.status : 0;
  return (
    <PageContainer>
      {status === 404 || status === 400 ? (
        <FolderNotFound byId={byId} onRoot={onRoot} />
      ) : status === 403 ? (
        <RootView forbidden byId={byId} onRoot={onRoot} />
      ) : (
        <FolderLoadError detail={errorDetail(error, '')} />
      )}
    </PageContainer>
  );
}
