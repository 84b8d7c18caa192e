import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import type { Group, GroupInput, Tag, TagInput } from '../types';
import { groupPath, peopleChanged, tagPath } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

export const createGroup = (dealId: string, body: GroupInput) => api.post<Group>(`${dealPath(dealId)}/permissions/groups`, body);
export const updateGroup = (dealId: string, groupId: string, body: GroupInput) =>
  api.put<Group>(groupPath(dealId, groupId), body);
export const createTag = (dealId: string, body: TagInput) => api.post<Tag>(`${dealPath(dealId)}/permissions/tags`, body);
export const updateTag = (dealId: string, tagId: string, body: TagInput) => api.put<Tag>(tagPath(dealId, tagId), body);

export type GroupOrTagSave = { kind: 'group'; id?: string; body: GroupInput } | { kind: 'tag'; id?: string; body: TagInput };

/** Create or edit a group or a tag; `noun` is "Group" or "Tag" for the toasts. */
export function useSaveGroupOrTag(dealId: string, noun: string, editing: boolean, onDone: () => void) {
  return useApiMutation({
    mutationFn: (save: GroupOrTagSave) => {
      if (save.kind === 'group') return save.id ? updateGroup(dealId, save.id, save.body) : createGroup(dealId, save.body);
      return save.id ? updateTag(dealId, save.id, save.body) : createTag(dealId, save.body);
    },
    invalidates: peopleChanged(dealId),
    successMessage: `${noun} ${editing ? 'updated' : 'created'}`,
    errorMessage: `Failed to save ${noun.toLowerCase()}`,
    onSuccess: () => onDone(),
  });
}
