/**
 * The one way a screen changes server state: a `use<Operation>` hook in `features/<area>/api/<operation>.ts`
 * built on useApiMutation, which owns what every mutation needs — the error toast with the server's
 * `detail`, an optional success toast, and invalidating the queries the change makes stale.
 * Pages call the hook; they never place invalidateQueries or error toasts themselves.
 */
import { type QueryKey, useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { api, errorDetail, isAbortError } from './api/client';
import { notify } from './toast';

export interface SuccessToast {
  title: string;
  description?: string;
}

export interface ApiMutationOptions<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** Query keys (prefixes) made stale by a success; a function sees the result and the input. */
  invalidates?: QueryKey[] | ((data: TData, variables: TVariables) => QueryKey[]);
  /** Toast title on success (docs/product.md §8 texts), or a function of the result (title and description). */
  successMessage?: string | ((data: TData, variables: TVariables) => string | SuccessToast | undefined);
  /**
   * Toast title on failure (or a function of the input); the description is the server's `detail`.
   * `null`: no toast, because the form shows the error inline itself (the sign-in forms, from `error`).
   */
  errorMessage: string | ((variables: TVariables) => string) | null;
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: unknown, variables: TVariables) => void;
}

export function useApiMutation<TData = unknown, TVariables = void>(
  options: ApiMutationOptions<TData, TVariables>,
): UseMutationResult<TData, unknown, TVariables> {
  const queryClient = useQueryClient();
  return useMutation<TData, unknown, TVariables>({
    mutationFn: options.mutationFn,
    onSuccess: async (data, variables) => {
      const keys = typeof options.invalidates === 'function' ? options.invalidates(data, variables) : (options.invalidates ?? []);
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      const message =
        typeof options.successMessage === 'function' ? options.successMessage(data, variables) : options.successMessage;
      if (typeof message === 'string') notify.success(message);
      else if (message) notify.success(message.title, message.description);
      options.onSuccess?.(data, variables);
    },
    onError: (error, variables) => {
      if (isAbortError(error)) return;
      if (options.errorMessage === null) {
        options.onError?.(error, variables);
        return;
      }
      const title = typeof options.errorMessage === 'function' ? options.errorMessage(variables) : options.errorMessage;
      const detail = errorDetail(error, '');
      notify.error(title, detail && detail !== title ? detail : undefined);
      options.onError?.(error, variables);
    },
  });
}

/** Deletes one row (DELETE at its path) with useApiMutation's toasts and invalidation; `onDone` then closes the confirmation. */
export function useDeleteMutation<TRow>({
  path,
  onDone,
  ...options
}: Pick<ApiMutationOptions<unknown, TRow>, 'invalidates' | 'successMessage' | 'errorMessage'> & {
  path: (row: TRow) => string;
  onDone: () => void;
}): UseMutationResult<unknown, unknown, TRow> {
  return useApiMutation<unknown, TRow>({ ...options, mutationFn: (row) => api.delete(path(row)), onSuccess: () => onDone() });
}
