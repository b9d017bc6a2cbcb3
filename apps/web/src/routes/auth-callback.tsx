import { useEffect, useEffectEvent, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { EXTERNAL_PROVIDER_LABELS, providerOfSlug } from '@hubbub/contract';
import { ProblemWithWayBack } from '@/components/problem-with-way-back';
import { forgetExternalIntent, readCallback, readExternalIntent } from '@/lib/external-auth';
import { useSessionUser } from '@/lib/session';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ExternalSignInPanel } from '@/features/auth/components/external-sign-in-panel';
import { ConnectionPanel } from '@/features/external-auth/components/connection-panel';

/**
 * /auth/callback/{google|microsoft}: where the provider sends the browser back (the redirect URI
 * registered with it). Finishes a sign-in, or a connection started in Settings.
 */
export default function AuthCallbackRoute() {
  const { provider: slug = '' } = useParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const provider = providerOfSlug(slug);
  // Read once: the code and state leave the address bar (and the history) right away.
  const [answer] = useState(() => (provider ? readCallback(provider, new URLSearchParams(search)) : null));
  const [intent] = useState(readExternalIntent);
  // Once, on arrival: the address bar losing the query is not a reason to do it again.
  const leaveNoTrace = useEffectEvent(() => {
    forgetExternalIntent();
    if (search) void navigate(pathname, { replace: true });
  });
  useEffect(() => leaveNoTrace(), []);

  const linking = intent === 'link';
  const label = provider ? EXTERNAL_PROVIDER_LABELS[provider] : 'the provider';
  const back = linking ? { to: '/account/settings', label: 'Back to Settings' } : { to: '/login', label: 'Back to sign in' };
  const title = linking ? `Connect ${label}` : `Sign in with ${label}`;

  let body;
  if (!answer) body = <ProblemWithWayBack title="Unknown sign-in provider" message="This address does not belong to a sign-in provider." back={back} />;
  else if (answer.kind === 'error') body = <ProblemWithWayBack title={linking ? `Could not connect ${label}` : `Could not sign in with ${label}`} message={answer.message} back={back} />;
  else if (linking && !user) body = <ProblemWithWayBack title={`Could not connect ${label}`} message="Your session ended meanwhile. Sign in, then connect again." back={{ to: '/login', label: 'Sign in' }} />;
  else body = linking ? <ConnectionPanel body={answer.body} /> : <ExternalSignInPanel body={answer.body} />;
  return <AuthCard title={title}>{body}</AuthCard>;
}
