import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import type { Group, Tag } from '../types';
import { groupPath, peopleChanged, tagPath } from './keys';

export const deleteGroup = (dealId: string, groupId: string) => api.delete<unknown>(groupPath(dealId, groupId));
export const deleteTag = (dealId: string, tagId: string) => api.delete<unknown>(tagPath(dealId, tagId));

export type GroupOrTag = { kind: 'group'; item: Group } | { kind: 'tag'; item: Tag };

export function useDeleteGroupOrTag(dealId: string, onDone: (target: GroupOrTag) => void) {
  return useApiMutation({
    mutationFn: (target: GroupOrTag) =>
      target.kind === 'group' ? deleteGroup(dealId, target.item.id) : deleteTag(dealId, target.item.id),
    invalidates: peopleChanged(dealId),
    successMessage: (_result, target) => (target.kind === 'group' ? 'Group deleted' : 'Tag deleted'),
    errorMessage: (target) => (target.kind === 'group' ? 'Failed to delete group' : 'Failed to delete tag'),
    onSuccess: (_result, target) => onDone(target),
  });
}
