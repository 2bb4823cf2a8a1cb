import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { graphql } from '../gql';
import { execute } from './client';
import { getSession, onSessionChange } from './session';

export const MeDocument = graphql(`
  query Me {
    me {
      id
      email
      role
      emailVerified
      organization {
        id
        name
        active
      }
    }
  }
`);

export function useSessionToken(): string | null {
  return useSyncExternalStore(onSessionChange, () => getSession()?.token ?? null);
}

/** The signed-in user (null while signed out). */
export function useMe() {
  const token = useSessionToken();
  return useQuery({ queryKey: ['me', token], queryFn: () => execute(MeDocument), enabled: token !== null, staleTime: 30_000 });
}
