import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import type { PermissionSet, PermissionSetInput } from '../types';
import { peopleChanged, setPath } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

export const createPermissionSet = (dealId: string, body: PermissionSetInput) =>
  api.post<PermissionSet>(`${dealPath(dealId)}/permissions/sets`, body);
export const updatePermissionSet = (dealId: string, setId: string, body: PermissionSetInput) =>
  api.put<PermissionSet>(setPath(dealId, setId), body);

/** Create a custom set of the deal, or edit `set`. */
export function useSavePermissionSet(dealId: string, set: PermissionSet | null | undefined, onDone: () => void) {
  return useApiMutation({
    mutationFn: (body: PermissionSetInput) =>
      set ? updatePermissionSet(dealId, set.id, body) : createPermissionSet(dealId, body),
    invalidates: peopleChanged(dealId),
    successMessage: set ? 'Permission set updated' : 'Permission set created',
    errorMessage: 'Failed to save',
    onSuccess: () => onDone(),
  });
}
