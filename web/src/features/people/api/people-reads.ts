import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { dealKeys } from '../../../lib/api/deal';
import {
  fetchCompanies,
  fetchDealUsers,
  fetchEnhancedUsers,
  fetchGroups,
  fetchPeopleAccess,
  fetchPendingInvitations,
  fetchPermissionSets,
  fetchTags,
  peopleKeys,
} from './index';
import type { UserFilters } from '../types';

export function usePermissionSets(dealId: string, enabled = true) {
  return useQuery({
    queryKey: peopleKeys.sets(dealId),
    queryFn: ({ signal }) => fetchPermissionSets(dealId, signal),
    enabled: enabled && Boolean(dealId),
    staleTime: 30_000,
  });
}

export function useGroups(dealId: string, enabled = true) {
  return useQuery({
    queryKey: peopleKeys.groups(dealId),
    queryFn: ({ signal }) => fetchGroups(dealId, signal),
    enabled: enabled && Boolean(dealId),
  });
}

export function useTags(dealId: string, enabled = true) {
  return useQuery({
    queryKey: peopleKeys.tags(dealId),
    queryFn: ({ signal }) => fetchTags(dealId, signal),
    enabled: enabled && Boolean(dealId),
  });
}

export function usePendingInvitations(dealId: string, enabled: boolean) {
  return useQuery({
    queryKey: peopleKeys.invitations(dealId),
    queryFn: ({ signal }) => fetchPendingInvitations(dealId, signal),
    enabled: enabled && Boolean(dealId),
  });
}

/** can_manage and the deal's member count. */
export function usePeopleAccess(dealId: string) {
  return useQuery({
    queryKey: peopleKeys.access(dealId),
    queryFn: ({ signal }) => fetchPeopleAccess(dealId, signal),
    enabled: Boolean(dealId),
  });
}

/** A page of the users list with its filters; the previous page stays while the next is read. */
export function useEnhancedUsers(dealId: string, filters: UserFilters) {
  return useQuery({
    queryKey: peopleKeys.users(dealId, filters),
    queryFn: ({ signal }) => fetchEnhancedUsers(dealId, filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every member of the deal (the Manage Users dialog). */
export function useDealUsers(dealId: string, enabled = true) {
  return useQuery({
    queryKey: peopleKeys.dealUsers(dealId),
    queryFn: ({ signal }) => fetchDealUsers(dealId, signal),
    enabled: enabled && Boolean(dealId),
  });
}

/** Company names already used in the deal, offered when inviting or editing a member. */
export function useCompanies(dealId: string, enabled = true) {
  return useQuery({
    queryKey: peopleKeys.companies(dealId),
    queryFn: ({ signal }) => fetchCompanies(dealId, signal),
    enabled: enabled && Boolean(dealId),
    staleTime: 60_000,
  });
}

/** Refreshes everything people-related in a deal, and the dashboard's member count. */
export function useRefreshPeople(dealId: string) {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: peopleKeys.all(dealId) });
    void queryClient.invalidateQueries({ queryKey: dealKeys.scoped(dealId, 'dashboard') });
  }, [queryClient, dealId]);
}
