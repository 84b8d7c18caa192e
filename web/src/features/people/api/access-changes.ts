/**
 * Changes to a deal's permission sets, groups and tags, one hook per operation
 * (web/src/lib/mutation.ts): each owns its toasts (docs/product.md §8) and refreshes everything
 * people-related; `onDone` is the screen's follow-up.
 */
import { useApiMutation } from '../../../lib/mutation';
import { useRefreshPeople } from './people-reads';
import type { Group, GroupInput, PermissionSet, PermissionSetInput, Tag, TagInput } from '../types';
import {
  createGroup,
  createPermissionSet,
  createTag,
  deleteGroup,
  deletePermissionSet,
  deleteTag,
  updateGroup,
  updatePermissionSet,
  updateTag,
} from '.';

export function useSavePermissionSet(dealId: string, set: PermissionSet | null | undefined, onDone: () => void) {
  const refresh = useRefreshPeople(dealId);
  return useApiMutation({
    mutationFn: (body: PermissionSetInput) =>
      set ? updatePermissionSet(dealId, set.id, body) : createPermissionSet(dealId, body),
    successMessage: set ? 'Permission set updated' : 'Permission set created',
    errorMessage: 'Failed to save',
    onSuccess: () => {
      refresh();
      onDone();
    },
  });
}

export function useDeletePermissionSet(dealId: string, onDone: () => void) {
  const refresh = useRefreshPeople(dealId);
  return useApiMutation({
    mutationFn: (set: PermissionSet) => deletePermissionSet(dealId, set.id),
    successMessage: 'Permission set deleted',
    errorMessage: 'Failed to delete',
    onSuccess: () => {
      onDone();
      refresh();
    },
  });
}

export type GroupOrTag = { kind: 'group'; item: Group } | { kind: 'tag'; item: Tag };
export type GroupOrTagSave = { kind: 'group'; id?: string; body: GroupInput } | { kind: 'tag'; id?: string; body: TagInput };

/** Create or edit a group or a tag; `noun` is "Group" or "Tag" for the toasts. */
export function useSaveGroupOrTag(dealId: string, noun: string, editing: boolean, onDone: () => void) {
  const refresh = useRefreshPeople(dealId);
  return useApiMutation({
    mutationFn: (save: GroupOrTagSave) => {
      if (save.kind === 'group') return save.id ? updateGroup(dealId, save.id, save.body) : createGroup(dealId, save.body);
      return save.id ? updateTag(dealId, save.id, save.body) : createTag(dealId, save.body);
    },
    successMessage: `${noun} ${editing ? 'updated' : 'created'}`,
    errorMessage: `Failed to save ${noun.toLowerCase()}`,
    onSuccess: () => {
      refresh();
      onDone();
    },
  });
}

export function useDeleteGroupOrTag(dealId: string, onDone: (target: GroupOrTag) => void) {
  const refresh = useRefreshPeople(dealId);
  return useApiMutation({
    mutationFn: (target: GroupOrTag) =>
      target.kind === 'group' ? deleteGroup(dealId, target.item.id) : deleteTag(dealId, target.item.id),
    successMessage: (_result, target) => (target.kind === 'group' ? 'Group deleted' : 'Tag deleted'),
    errorMessage: (target) => (target.kind === 'group' ? 'Failed to delete group' : 'Failed to delete tag'),
    onSuccess: (_result, target) => {
      onDone(target);
      refresh();
    },
  });
}
