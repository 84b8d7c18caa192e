import { Button, Grid, HStack, Skeleton, Stack } from '@chakra-ui/react';
import { ArrowLeft, FileQuestion, Sparkles } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { PageContainer } from '../../components/layout/page-container';
import { MissingState } from '../../components/load-failed';
import { DetailSkeleton } from '../../components/detail-skeleton';
import { ApiError } from '../../lib/api/client';
import { fileViewerUrl, folderUrl } from '../../lib/file-urls';
import { useAddComment } from './api/add-comment';
import { useDownloadFile, useDownloadVersion } from './api/download-file';
import { useFileComments } from './api/file-comments';
import { useFileMetadata } from './api/file-metadata';
import { ALL_MEMBERS, useFilePermissions } from './api/file-permissions';
import { useFile } from './api/get-file';
import { usePermissionPeople } from './api/permission-people';
import { useSaveFileDetails } from './api/save-file-details';
import { useSaveFilePermissions } from './api/save-file-permissions';
import { useSaveFileStatus } from './api/save-file-status';
import { useUploadNewVersion } from './api/upload-new-version';
import { FileSummaryCard } from './components/file-summary-card';
import { PeopleOrganizationsPanel } from './components/people-organizations-panel';
import { PermissionsPanel } from './components/permissions-panel';
import { BasicInfoPanel } from './components/basic-info-panel';
import { CommentsCard } from './components/comments-card';
import { detailsFrom, DocumentDetailsCard } from './components/document-details-card';
import { PermissionsDialog } from './components/permissions-dialog';
import { StatusCard } from './components/status-card';
import { VersionsCard } from './components/versions-card';
import type { FileDetail } from './types';

/**
 * What the file page shows of the AI feature, composed in app/ (docs/architecture.md: features side by
 * side): Re-run AI, Generate of the document details, and the analysis card.
 */
export interface FileAiSlots {
  rerunning: boolean;
  onRerun: () => void;
  generating: boolean;
  onGenerate: () => void;
  analysis: (aiStatus: FileDetail['ai_status']) => ReactNode;
}

/**
 * The file page at /deals/:dealId/files/:fileId (docs/product.md §2 File detail); `views` is the "Views"
 * card when the caller may see it, `questions` the Questions card, both composed in app/.
 */
export function FileDetailPage({ ai, views, questions }: { ai: FileAiSlots; views?: ReactNode; questions?: ReactNode }) {
  const { dealId = '', fileId = '' } = useParams();
  const [versionProgress, setVersionProgress] = useState<number | null>(null);
  const [permissionsOpen, setPermissionsOpen] = useState(false);

  const file = useFile(dealId, fileId);
  const metadata = useFileMetadata(dealId, fileId, file.isSuccess, true);
  const comments = useFileComments(dealId, fileId, file.isSuccess);
  const permissions = useFilePermissions(dealId, fileId, file.isSuccess);
  const people = usePermissionPeople(dealId, permissionsOpen);

  const notFound = file.error instanceof ApiError && (file.error.status === 404 || file.error.status === 400);

  const saveDetails = useSaveFileDetails(dealId, fileId, file.data?.edit_version);
  const saveStatus = useSaveFileStatus(dealId, fileId, file.data);
  const comment = useAddComment(dealId, fileId);
  const permissionsSave = useSaveFilePermissions(dealId, fileId, () => setPermissionsOpen(false));
  const download = useDownloadFile(dealId, fileId);
  const versionDownload = useDownloadVersion(dealId, fileId);
  const newVersion = useUploadNewVersion(dealId, fileId, setVersionProgress);

  const details = useMemo(
    () => detailsFrom(metadata.data?.metadata, file.data?.formatted_title),
    [metadata.data, file.data?.formatted_title],
  );

  if (file.isPending) {
    return (
      <DetailSkeleton
        lines={[['8', '48']]}
        columns="360px minmax(0, 1fr)"
        cards={[
          ['56', '40'],
          ['72', '48'],
        ]}
      />
    );
  }

  if (file.isError) {
    return (
      <PageContainer>
        <MissingState
          icon={<FileQuestion />}
          title="File not found"
          description="The requested file could not be loaded."
          onRetry={notFound ? undefined : () => file.refetch()}
          backTo={folderUrl(dealId, '/')}
          backLabel="Back to Files"
        />
      </PageContainer>
    );
  }

  const data = file.data;
  const folderPath = data.path ?? '/';
  const meta = metadata.data?.metadata;
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
            <Button
              size="sm"
              variant="outline"
              loading={ai.rerunning || aiBusy}
              loadingText={aiBusy ? 'Analysing...' : undefined}
              disabled={aiBusy}
              onClick={ai.onRerun}
              data-testid="rerun-ai"
            >
              <Sparkles /> Re-run AI
            </Button>
          )}
        </HStack>

        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: '360px minmax(0, 1fr)' }} gap="5" alignItems="start">
          <Stack gap="5" minW="0">
            <FileSummaryCard
              data={data}
              versionProgress={versionProgress}
              uploading={uploading}
              onNewVersion={(picked) => newVersion.mutate(picked)}
              downloading={download.isPending}
              onDownload={() => download.mutate()}
              viewerTo={fileViewerUrl(dealId, fileId)}
            />

            <BasicInfoPanel dealId={dealId} data={data} />

            <PermissionsPanel perm={perm} onEdit={() => setPermissionsOpen(true)} />

            <VersionsCard
              versions={data.versions ?? []}
              currentVersion={data.current_version ?? 1}
              canDownload={data.can_download}
              downloading={versionDownload.downloading}
              onDownload={versionDownload.download}
              viewerTo={(version) => fileViewerUrl(dealId, fileId, { version })}
            />

            {views}
          </Stack>

          <Stack gap="5" minW="0">
            {ai.analysis(data.ai_status)}
            {metadata.isPending ? (
              <Skeleton h="64" rounded="lg" />
            ) : (
              <DocumentDetailsCard
                details={details}
                canEdit={data.can_edit}
                saving={saveDetails.isPending}
                onSave={(value) => saveDetails.mutateAsync(value)}
                generating={ai.generating}
                onGenerate={data.can_edit ? ai.onGenerate : undefined}
              />
            )}
            <StatusCard
              approvalStatus={data.approval_status ?? 'pending'}
              tags={data.tags ?? []}
              checklistItems={data.checklist_links ?? []}
              canEditTags={data.can_edit}
              canEditApproval={data.can_edit || data.can_approve}
              saving={saveStatus.isPending}
              onSave={(change) => saveStatus.mutateAsync(change)}
            />
            <PeopleOrganizationsPanel metadata={meta} />
            <CommentsCard
              comments={comments.data ?? []}
              loading={comments.isPending}
              canComment={data.can_comment}
              posting={comment.isPending}
              onAdd={(text) => comment.mutateAsync(text)}
            />
            {questions}
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
