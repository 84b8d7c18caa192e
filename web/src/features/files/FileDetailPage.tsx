import {
  Badge,
  Box,
  Button,
  Card,
  Grid,
  HStack,
  Heading,
  Progress,
  Skeleton,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Download, FileQuestion, Lock, Sparkles, Upload, Users } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PageContainer } from '../../components/layout/PageContainer';
import { ApiError, errorDetail } from '../../lib/api';
import { displayName, formatDateTime, formatFileSize } from '../../lib/format';
import { notify } from '../../lib/toast';
import { AI_POLL_MS, AiAnalysisCard, useGenerateMetadata, useRetryAnalysis } from '../ai';
import { folderUrl } from '../dataroom';
import {
  ALL_MEMBERS,
  downloadVersion,
  fetchComments,
  fetchFile,
  fetchMetadata,
  fetchPermissionPeople,
  fetchPermissions,
  fileKeys,
} from './api';
import { CommentsCard } from './components/CommentsCard';
import { detailsFrom, DocumentDetailsCard } from './components/DocumentDetailsCard';
import { FileIcon } from './components/FileIcon';
import { InfoList } from './components/InfoList';
import { Panel } from '../../components/Panel';
import { PermissionsDialog } from './components/PermissionsDialog';
import { ApprovalBadge } from './components/StatusBadges';
import { StatusCard } from './components/StatusCard';
import { VersionsCard } from './components/VersionsCard';
import {
  useAddComment,
  useDownloadFile,
  useSaveFileDetails,
  useSaveFilePermissions,
  useSaveFileStatus,
  useUploadNewVersion,
} from './api/file-page-changes';
import { fileExtensionOf, fileTypeLabel } from './format';
import { describePermissions } from './permissions';
import { fileSizeOf } from './types';


function detailOrUndefined(error: unknown) {
  return errorDetail(error, '') || undefined;
}

function ListBlock({ title, values }: { title: string; values: string[] }) {
  return (
    <Box>
      <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wider" mb="1.5">
        {title}
      </Text>
      <Wrap gap="1.5">
        {values.map((value) => (
          <Badge key={value} size="sm" variant="outline" colorPalette="gray">
            {value}
          </Badge>
        ))}
      </Wrap>
    </Box>
  );
}

function DetailSkeleton() {
  return (
    <PageContainer>
      <Stack gap="5">
        <Skeleton h="8" w="48" />
        <Grid templateColumns={{ base: '1fr', lg: '360px 1fr' }} gap="5">
          <Stack gap="5">
            <Skeleton h="56" rounded="lg" />
            <Skeleton h="40" rounded="lg" />
          </Stack>
          <Stack gap="5">
            <Skeleton h="72" rounded="lg" />
            <Skeleton h="48" rounded="lg" />
          </Stack>
        </Grid>
      </Stack>
    </PageContainer>
  );
}

/** The file page at /deals/:dealId/files/:fileId (docs/product.md §2 File detail). */
export function FileDetailPage() {
  const { dealId = '', fileId = '' } = useParams();
  const versionInput = useRef<HTMLInputElement>(null);
  const [versionProgress, setVersionProgress] = useState<number | null>(null);
  const [permissionsOpen, setPermissionsOpen] = useState(false);
  const [downloadingVersion, setDownloadingVersion] = useState<number | null>(null);

  const file = useQuery({
    queryKey: fileKeys.detail(dealId, fileId),
    queryFn: ({ signal }) => fetchFile(dealId, fileId, signal),
    // docs/product.md §9: poll every 3 s while the AI works (queued too: it turns to processing unseen).
    refetchInterval: (query) => (['processing', 'queued'].includes(query.state.data?.ai_status ?? '') ? AI_POLL_MS : false),
  });
  const metadata = useQuery({
    queryKey: fileKeys.metadata(dealId, fileId),
    queryFn: ({ signal }) => fetchMetadata(dealId, fileId, signal),
    enabled: file.isSuccess,
  });
  const comments = useQuery({
    queryKey: fileKeys.comments(dealId, fileId),
    queryFn: ({ signal }) => fetchComments(dealId, fileId, signal),
    enabled: file.isSuccess,
  });
  const permissions = useQuery({
    queryKey: fileKeys.permissions(dealId, fileId),
    queryFn: ({ signal }) => fetchPermissions(dealId, fileId, signal),
    enabled: file.isSuccess,
  });
  const people = useQuery({
    queryKey: fileKeys.people(dealId),
    queryFn: ({ signal }) => fetchPermissionPeople(dealId, signal),
    enabled: permissionsOpen,
    staleTime: 60_000,
  });

  const notFound = file.error instanceof ApiError && (file.error.status === 404 || file.error.status === 400);
  useEffect(() => {
    if (file.isError && !notFound) notify.error('Failed to load file data', detailOrUndefined(file.error));
  }, [file.isError, file.error, notFound]);
  useEffect(() => {
    if (people.isError) notify.error('Failed to load deal data', detailOrUndefined(people.error));
  }, [people.isError, people.error]);
  const partError = metadata.error ?? comments.error;
  useEffect(() => {
    if (partError) notify.error('Failed to load file data', detailOrUndefined(partError));
  }, [partError]);

  const saveDetails = useSaveFileDetails(dealId, fileId, file.data?.edit_version);
  const saveStatus = useSaveFileStatus(dealId, fileId, file.data);
  const comment = useAddComment(dealId, fileId);
  const permissionsSave = useSaveFilePermissions(dealId, fileId, () => setPermissionsOpen(false));
  const download = useDownloadFile(dealId, fileId);
  const newVersion = useUploadNewVersion(dealId, fileId, setVersionProgress);

  const rerun = useRetryAnalysis(dealId);
  const generate = useGenerateMetadata(dealId, fileId);

  const details = useMemo(
    () => detailsFrom(metadata.data?.metadata, file.data?.formatted_title),
    [metadata.data, file.data?.formatted_title],
  );

  if (file.isPending) return <DetailSkeleton />;

  if (file.isError) {
    return (
      <PageContainer>
        <Box py="12">
          <EmptyState
            icon={<FileQuestion />}
            title="File not found"
            description="The requested file could not be loaded."
            action={
              <HStack>
                {!notFound && (
                  <Button size="sm" variant="outline" onClick={() => file.refetch()}>
                    Try Again
                  </Button>
                )}
                <Button asChild size="sm" colorPalette="brand">
                  <RouterLink to={folderUrl(dealId, '/')}>Back to Files</RouterLink>
                </Button>
              </HStack>
            }
          />
        </Box>
      </PageContainer>
    );
  }

  const data = file.data;
  const extension = fileExtensionOf(data);
  const title = data.formatted_title || data.name;
  const folderPath = data.path ?? '/';
  const meta = metadata.data?.metadata;
  const peopleMentioned = meta?.people_mentioned ?? [];
  const organisations = meta?.named_organizations ?? [];
  const languages = meta?.languages_used ?? [];
  const hasPeople = peopleMentioned.length + organisations.length > 0;
  const perm = permissions.data ?? ALL_MEMBERS;
  const uploading = newVersion.isPending || versionProgress !== null;
  const aiBusy = data.ai_status === 'queued' || data.ai_status === 'processing';

  return (
    <PageContainer>
      <Stack gap="5">
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Button asChild size="sm" variant="ghost" ms="-2">
            <RouterLink to={folderUrl(dealId, folderPath)}>
              <ArrowLeft /> Back to Files
            </RouterLink>
          </Button>
          {data.can_request_ai && (
            <Button size="sm" variant="outline" loading={rerun.isPending || aiBusy} loadingText={aiBusy ? 'Analysing...' : undefined}
              disabled={aiBusy} onClick={() => rerun.mutate(fileId)} data-testid="rerun-ai">
              <Sparkles /> Re-run AI
            </Button>
          )}
        </HStack>

        <Grid templateColumns={{ base: '1fr', lg: '360px minmax(0, 1fr)' }} gap="5" alignItems="start">
          <Stack gap="5" minW="0">
            <Card.Root variant="outline" bg="bg">
              <Card.Body p="5" gap="4">
                <HStack align="flex-start" gap="4">
                  <FileIcon extension={extension} size="lg" />
                  <Box minW="0" flex="1">
                    <Heading as="h1" size="lg" lineHeight="1.3" wordBreak="break-word" data-testid="file-title">
                      {title}
                    </Heading>
                    {title !== data.name && (
                      <Text textStyle="sm" color="fg.muted" wordBreak="break-all" mt="0.5">
                        {data.name}
                      </Text>
                    )}
                    <HStack gap="2" mt="2" wrap="wrap">
                      <Text textStyle="xs" color="fg.muted">
                        {fileTypeLabel(extension)}
                      </Text>
                      <ApprovalBadge status={data.approval_status} />
                      {data.ai_status === 'processing' && (
                        <Badge size="sm" colorPalette="blue" variant="subtle" data-testid="processing-badge">
                          Processing
                        </Badge>
                      )}
                      {data.ai_status === 'queued' && (
                        <Badge size="sm" colorPalette="gray" variant="subtle" data-testid="queued-badge">
                          Queued for AI
                        </Badge>
                      )}
                    </HStack>
                  </Box>
                </HStack>

                {versionProgress !== null && (
                  <Box data-testid="version-progress">
                    <HStack justify="space-between" textStyle="xs" color="fg.muted" mb="1">
                      <Text>{versionProgress >= 100 ? 'New version uploaded' : 'Uploading new version...'}</Text>
                      <Text>{versionProgress}%</Text>
                    </HStack>
                    <Progress.Root value={versionProgress} size="xs" colorPalette={versionProgress >= 100 ? 'green' : 'brand'}>
                      <Progress.Track>
                        <Progress.Range />
                      </Progress.Track>
                    </Progress.Root>
                  </Box>
                )}

                <HStack gap="2">
                  {data.can_upload_version !== false && (
                    <>
                      <input
                        ref={versionInput}
                        type="file"
                        hidden
                        aria-label="Choose the new version"
                        data-testid="version-input"
                        onChange={(event) => {
                          const picked = event.currentTarget.files?.[0];
                          event.currentTarget.value = '';
                          if (picked) newVersion.mutate(picked);
                        }}
                      />
                      <Button
                        flex="1"
                        size="sm"
                        variant="outline"
                        loading={uploading && versionProgress !== null && versionProgress < 100}
                        loadingText="Uploading..."
                        onClick={() => versionInput.current?.click()}
                      >
                        <Upload /> Update File
                      </Button>
                    </>
                  )}
                  {data.can_download !== false && (
                    <Button flex="1" size="sm" colorPalette="brand" loading={download.isPending} onClick={() => download.mutate()}>
                      <Download /> Download
                    </Button>
                  )}
                </HStack>
              </Card.Body>
            </Card.Root>

            <Panel title="Basic Information">
              <InfoList
                items={[
                  { label: 'Size', value: formatFileSize(fileSizeOf(data)) },
                  { label: 'Version', value: `Version ${data.current_version ?? 1}` },
                  { label: 'Uploaded', value: formatDateTime(data.created_at) },
                  { label: 'Uploaded by', value: data.uploader ? displayName(data.uploader) : '—' },
                  {
                    label: 'Folder',
                    value: (
                      <RouterLink to={folderUrl(dealId, folderPath)}>
                        <Text as="span" color="brand.fg" _hover={{ textDecoration: 'underline' }}>
                          {folderPath === '/' ? 'Data Room' : folderPath}
                        </Text>
                      </RouterLink>
                    ),
                  },
                ]}
              />
            </Panel>

            <Panel
              title="Permissions"
              testId="permissions"
              action={
                <Button size="xs" variant="ghost" onClick={() => setPermissionsOpen(true)}>
                  <Lock /> Edit
                </Button>
              }
            >
              <HStack gap="3" align="flex-start">
                <Box color={perm.type === 'custom' ? 'orange.fg' : 'fg.muted'} pt="0.5">
                  {perm.type === 'custom' ? <Lock size={16} /> : <Users size={16} />}
                </Box>
                <Box>
                  <Text textStyle="sm" fontWeight="medium">
                    {perm.type === 'custom' ? 'Custom access' : 'All members'}
                  </Text>
                  <Text textStyle="xs" color="fg.muted" data-testid="permissions-summary">
                    {describePermissions(perm)}
                  </Text>
                </Box>
              </HStack>
            </Panel>

            <VersionsCard
              versions={data.versions ?? []}
              currentVersion={data.current_version ?? 1}
              canDownload={data.can_download !== false}
              downloading={downloadingVersion}
              onDownload={(version) => {
                setDownloadingVersion(version);
                downloadVersion(dealId, fileId, version)
                  .catch((error) => notify.error('Failed to download version', detailOrUndefined(error)))
                  .finally(() => setDownloadingVersion(null));
              }}
            />
          </Stack>

          <Stack gap="5" minW="0">
            <AiAnalysisCard dealId={dealId} fileId={fileId} aiStatus={data.ai_status} />
            {metadata.isPending ? (
              <Skeleton h="64" rounded="lg" />
            ) : (
              <DocumentDetailsCard
                details={details}
                canEdit={data.can_edit !== false}
                saving={saveDetails.isPending}
                onSave={(value) => saveDetails.mutateAsync(value)}
                generating={generate.isPending}
                onGenerate={data.can_edit !== false ? () => generate.mutate() : undefined}
              />
            )}
            <StatusCard
              approvalStatus={data.approval_status ?? 'pending'}
              tags={data.tags ?? []}
              checklistItems={data.checklist_items ?? []}
              canEditTags={data.can_edit !== false}
              canEditApproval={data.can_edit !== false || data.can_approve === true}
              saving={saveStatus.isPending}
              onSave={(change) => saveStatus.mutateAsync(change)}
            />
            {hasPeople && (
              <Panel title="People & Organizations" testId="people-organizations">
                <Stack gap="4">
                  {peopleMentioned.length > 0 && <ListBlock title="People mentioned" values={peopleMentioned} />}
                  {organisations.length > 0 && <ListBlock title="Organizations" values={organisations} />}
                  {languages.length > 0 && <ListBlock title="Languages" values={languages} />}
                </Stack>
              </Panel>
            )}
            <CommentsCard
              comments={comments.data ?? []}
              loading={comments.isPending}
              canComment={data.can_comment !== false}
              posting={comment.isPending}
              onAdd={(text) => comment.mutateAsync(text)}
            />
          </Stack>
        </Grid>
      </Stack>

      <PermissionsDialog
        open={permissionsOpen}
        initial={perm}
        people={people.data}
        peopleLoading={people.isPending}
        saving={permissionsSave.isPending}
        onClose={() => setPermissionsOpen(false)}
        onSave={(value) => permissionsSave.mutate(value)}
      />
    </PageContainer>
  );
}

export default FileDetailPage;
