import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { useSessionUser } from '@/lib/session';
import { NotAllowed } from '@/components/not-allowed';
import { decideAccess, type RouteAccessHandle } from './access';

/** Layout route guard: reads its requirement from the route's handle. */
export function RequireAccess() {
  const user = useSessionUser();
  const location = useLocation();
  const matches = useMatches();
  // The deepest handle wins, so a stricter nested group could tighten the rule.
  const requirement =
    [...matches].reverse().map((m) => (m.handle as RouteAccessHandle | undefined)?.access).find(Boolean) ?? {};
  const decision = decideAccess(user, requirement, location);
  if (decision.kind === 'login') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'forbidden') return <NotAllowed />;
  return <Outlet />;
}
