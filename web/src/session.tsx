import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { useTRPC, type RouterOutputs } from './trpc.ts';

type Snapshot = RouterOutputs['identity']['me'];

/** The signed-in member's workspace snapshot (identity.me), shared by every page. */
export function useMeQuery() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.identity.me.queryOptions({}), staleTime: 30_000 });
}

/** The snapshot with the parts a signed-in session always has made required. */
export interface Me {
  organization: NonNullable<Snapshot['organization']>;
  user: { id: string; email: string };
  entitlements: NonNullable<Snapshot['entitlements']>;
  capabilities: Snapshot['capabilities'];
  billing: NonNullable<Snapshot['billing']>;
}

export function toMe(s: Snapshot): Me | undefined {
  if (!s.organization || !s.user || !s.entitlements) return undefined;
  return {
    organization: s.organization,
    user: { id: s.user.id, email: s.user.email ?? s.user.id },
    entitlements: s.entitlements,
    capabilities: s.capabilities,
    billing: s.billing ?? { plan: s.entitlements.plan },
  };
}

export const MeContext = createContext<Me | undefined>(undefined);

export function useMe(): Me {
  const me = useContext(MeContext);
  if (!me) throw new Error('useMe outside the signed-in shell');
  return me;
}

/** Whether the member's current role (and session) holds a scope: controls it lacks are not offered. */
export function useCan(): (scope: string) => boolean {
  const me = useMe();
  return (scope) => me.entitlements.scopes.includes(scope);
}
