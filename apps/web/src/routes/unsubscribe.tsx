import { useSearchParams } from 'react-router';
import { Page } from '@/components/page';
import { UnsubscribePanel } from '@/features/notifications/components/unsubscribe-panel';
import { unsubscribeToken } from '@/features/notifications/unsubscribe-token';

/** Public: an email's unsubscribe link opens it, signed in or not. */
export default function UnsubscribeRoute() {
  const [params] = useSearchParams();
  return (
    <Page title="Unsubscribe" size={520}>
      <UnsubscribePanel token={unsubscribeToken(params.get('token'))} />
    </Page>
  );
}
