import { Box, Button, Checkbox, Field, HStack, Link, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { AiAction, AiAnalysis } from '@contracts/ai';
import { ExternalLink, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Modal } from '../../../components/modal';
import { errorDetail } from '../../../lib/api/client';
import { useAiAction } from '../api/ai-action';
import { useAiAnalysis } from '../api/ai-analysis';
import { useChecklistChoices } from '../api/checklist-choices';
import { ConfidenceBadge } from './confidence-badge';
import { LoadFailed } from '../../../components/load-failed';

/**
 * The AI Analysis Review modal (docs/product.md §2, §4): one suggestion at a time from `fileIds`; accept,
 * override (the item select shows only once its box is ticked), dismiss or try again. After an action
 * the next suggestion appears; after the last one the modal closes.
 */
export function AiReviewDialog({
  dealId,
  fileIds,
  open,
  onClose,
}: {
  dealId: string;
  fileIds: string[];
  open: boolean;
  onClose: () => void;
}) {
  const [index, setIndex] = useState(0);
  const [queue, setQueue] = useState<string[]>(fileIds);
  useEffect(() => {
    if (open) {
      setQueue(fileIds);
      setIndex(0);
    }
    // The queue is fixed when the modal opens; suggestions arriving meanwhile wait for the next opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const fileId = queue[index];
  const next = () => {
    if (index + 1 >= queue.length) onClose();
    else setIndex(index + 1);
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="xl"
      title="AI Analysis Review"
      description={
        queue.length > 1 ? `Suggestion ${index + 1} of ${queue.length}` : 'Check what the AI assistant proposes for this file.'
      }
    >
      {fileId ? (
        <Suggestion key={fileId} dealId={dealId} fileId={fileId} onDone={next} onSkip={queue.length > 1 ? next : undefined} />
      ) : null}
    </Modal>
  );
}

function Suggestion({
  dealId,
  fileId,
  onDone,
  onSkip,
}: {
  dealId: string;
  fileId: string;
  onDone: () => void;
  onSkip?: () => void;
}) {
  const analysis = useAiAnalysis(dealId, fileId);
  const act = useAiAction(dealId, () => onDone());

  if (analysis.isPending) {
    return (
      <Stack gap="3" pb="4" aria-busy="true">
        <Skeleton h="5" w="60%" />
        <Skeleton h="16" />
        <Skeleton h="10" />
      </Stack>
    );
  }
  if (analysis.isError) {
    return <LoadFailed size="sm" title="Failed to load AI analysis" query={analysis} fallback="Please try again." />;
  }
  const data = analysis.data;
  if (!data || data.status !== 'review') {
    return (
      <Stack pb="4">
        <EmptyState
          size="sm"
          icon={<Sparkles />}
          title="Nothing to review"
          description={data ? 'This suggestion has already been handled.' : 'The AI has not analysed this file yet.'}
        />
        <HStack justify="flex-end">
          <Button size="sm" onClick={onDone}>
            {onSkip ? 'Next' : 'Close'}
          </Button>
        </HStack>
      </Stack>
    );
  }
  return (
    <SuggestionForm
      dealId={dealId}
      analysis={data}
      busy={act.isPending}
      onSkip={onSkip}
      onAct={(action, itemId) => act.mutate({ fileId, action, itemId })}
    />
  );
}

function SuggestionForm({
  dealId,
  analysis,
  busy,
  onAct,
  onSkip,
}: {
  dealId: string;
  analysis: AiAnalysis;
  busy: boolean;
  onAct: (action: AiAction, itemId?: string) => void;
  onSkip?: () => void;
}) {
  const [choosing, setChoosing] = useState(false);
  const [chosen, setChosen] = useState('');
  const choices = useChecklistChoices(dealId, choosing);
  const item = analysis.recommended_item;
  const others = analysis.candidates.filter((c) => c.item_id !== item?.id);

  return (
    <Stack gap="4" pb="4" data-testid="ai-review">
      <Box>
        <Text textStyle="xs" color="fg.muted">
          File
        </Text>
        <Link asChild fontWeight="medium" color="fg" wordBreak="break-all">
          <RouterLink to={`/deals/${dealId}/files/${analysis.file_id}`}>
            {analysis.file_name} <ExternalLink size={12} />
          </RouterLink>
        </Link>
      </Box>

      <Box borderWidth="1px" rounded="md" p="3" bg="bg.subtle">
        <HStack justify="space-between" align="flex-start" gap="3">
          <Box minW="0">
            <Text textStyle="xs" color="fg.muted">
              Recommended checklist item
            </Text>
            <Text fontWeight="semibold" data-testid="ai-recommended">
              {item ? item.name : 'No checklist item fits this file'}
            </Text>
            {item?.category && (
              <Text textStyle="sm" color="fg.muted">
                {item.category}
              </Text>
            )}
          </Box>
          <ConfidenceBadge confidence={analysis.confidence} size="md" />
        </HStack>
        <Text textStyle="sm" mt="3" whiteSpace="pre-wrap" data-testid="ai-reasoning">
          {analysis.reasoning}
        </Text>
        {analysis.provider === 'openai' ? null : (
          <Text textStyle="xs" color="fg.subtle" mt="2">
            Analysed on this server; the document did not leave it.
          </Text>
        )}
      </Box>

      {others.length > 0 && (
        <Box>
          <Text textStyle="xs" color="fg.muted" mb="1">
            Other candidates
          </Text>
          <Stack gap="1">
            {others.map((c) => (
              <HStack key={c.item_id} justify="space-between" textStyle="sm">
                <Text truncate>
                  {c.item_name}
                  {c.category ? ` · ${c.category}` : ''}
                </Text>
                <ConfidenceBadge confidence={c.confidence} size="xs" />
              </HStack>
            ))}
          </Stack>
        </Box>
      )}

      {analysis.can_decide ? (
        <>
          <Checkbox.Root size="sm" checked={choosing} onCheckedChange={(d) => setChoosing(d.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Link to a different checklist item</Checkbox.Label>
          </Checkbox.Root>
          {choosing && (
            <Field.Root required invalid={choices.isError}>
              <Field.Label>Checklist item</Field.Label>
              <NativeSelect.Root size="sm" disabled={choices.isPending}>
                <NativeSelect.Field aria-label="Checklist item" value={chosen} onChange={(e) => setChosen(e.target.value)}>
                  <option value="">{choices.isPending ? 'Loading checklist…' : 'Choose an item'}</option>
                  {(choices.data ?? []).map((c) => (
                    <option key={c.id} value={c.id}>
                      {[c.item_id, c.name].filter(Boolean).join(' ')}
                      {c.category ? ` (${c.category})` : ''}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {choices.isError && (
                <Field.ErrorText>{errorDetail(choices.error, 'The checklist could not be loaded.')}</Field.ErrorText>
              )}
            </Field.Root>
          )}
          <HStack justify="space-between" wrap="wrap" gap="2" pt="2">
            <HStack gap="2">
              <Button size="sm" variant="ghost" disabled={busy} onClick={() => onAct('dismiss')}>
                Dismiss
              </Button>
              <Button size="sm" variant="outline" disabled={busy} onClick={() => onAct('try_again')}>
                Try Again
              </Button>
              {onSkip && (
                <Button size="sm" variant="ghost" disabled={busy} onClick={onSkip}>
                  Skip
                </Button>
              )}
            </HStack>
            {choosing ? (
              <Button size="sm" colorPalette="brand" loading={busy} disabled={!chosen} onClick={() => onAct('override', chosen)}>
                Link to chosen item
              </Button>
            ) : (
              <Button size="sm" colorPalette="brand" loading={busy} disabled={!item} onClick={() => onAct('accept')}>
                Accept suggestion
              </Button>
            )}
          </HStack>
        </>
      ) : (
        <HStack justify="space-between">
          <Text textStyle="sm" color="fg.muted">
            You can read this suggestion; someone with approve or edit rights decides on it.
          </Text>
          {onSkip && (
            <Button size="sm" variant="outline" onClick={onSkip}>
              Next
            </Button>
          )}
        </HStack>
      )}
    </Stack>
  );
}
