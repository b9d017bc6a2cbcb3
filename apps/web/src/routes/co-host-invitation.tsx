import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from 'react-router';
import { AcceptCoHost } from '@/features/co-hosts/components/accept-co-host';

export default function CoHostInvitationRoute() {
  const { id = '', token = '' } = useParams();
  useDocumentTitle('Door staff · Hubbub');
  return <AcceptCoHost eventId={id} token={token} />;
}
