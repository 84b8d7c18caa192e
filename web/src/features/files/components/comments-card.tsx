import { Avatar, Badge, Box, Button, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { MessageSquare } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { activityAuthor, formatRelativeTime, initials } from '../../../lib/format';
import type { FileComment } from '../types';
import { Panel } from '../../../components/panel';

/** docs/product.md §5: a comment must be non-blank. */
export const isBlankComment = (text: string) => text.trim().length === 0;

export function CommentsCard({
  comments,
  loading,
  canComment,
  posting,
  onAdd,
}: {
  comments: FileComment[];
  loading: boolean;
  canComment: boolean;
  posting: boolean;
  onAdd: (comment: string) => Promise<unknown>;
}) {
  const [text, setText] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isBlankComment(text)) return;
    onAdd(text.trim())
      .then(() => setText(''))
      .catch(() => undefined);
  };

  return (
    <Panel
      title={
        <HStack gap="2">
          <span>Comments</span>
          {comments.length > 0 && (
            <Badge size="sm" variant="subtle" colorPalette="gray">
              {comments.length}
            </Badge>
          )}
        </HStack>
      }
      testId="comments"
    >
      <Stack gap="4">
        {loading ? (
          <Text textStyle="sm" color="fg.muted">
            Loading comments...
          </Text>
        ) : comments.length === 0 ? (
          <EmptyState
            size="sm"
            icon={<MessageSquare />}
            title="No comments yet"
            description="Questions and notes about this file appear here."
          />
        ) : (
          <Stack gap="4" as="ul" listStyleType="none">
            {comments.map((comment) => {
              const person = {
                first_name: comment.user_first_name,
                last_name: comment.user_last_name,
                email: comment.user_email,
              };
              return (
                <HStack as="li" key={comment.id} align="flex-start" gap="3">
                  <Avatar.Root size="xs" colorPalette="brand" variant="subtle">
                    <Avatar.Fallback>{initials(person)}</Avatar.Fallback>
                  </Avatar.Root>
                  <Box minW="0" flex="1">
                    <HStack gap="2" wrap="wrap">
                      <Text textStyle="sm" fontWeight="medium">
                        {activityAuthor(comment)}
                      </Text>
                      <Text textStyle="xs" color="fg.muted">
                        {formatRelativeTime(comment.created_at)}
                      </Text>
                    </HStack>
                    <Text textStyle="sm" whiteSpace="pre-wrap" wordBreak="break-word" mt="0.5">
                      {comment.comment}
                    </Text>
                  </Box>
                </HStack>
              );
            })}
          </Stack>
        )}
        {canComment && (
          <form onSubmit={submit}>
            <Stack gap="2">
              <Textarea
                aria-label="Add a comment"
                placeholder="Add a comment..."
                value={text}
                onChange={(e) => setText(e.target.value)}
                rows={3}
                maxLength={10000}
              />
              <HStack justify="flex-end">
                <Button type="submit" size="sm" colorPalette="brand" disabled={isBlankComment(text)} loading={posting}>
                  Add Comment
                </Button>
              </HStack>
            </Stack>
          </form>
        )}
      </Stack>
    </Panel>
  );
}
