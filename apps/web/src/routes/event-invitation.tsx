import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from 'react-router';
import { AcceptInvitation } from '@/features/going/components/accept-invitation';

export default function EventInvitationRoute() {
  const { id = '', token = '' } = useParams();
  useDocumentTitle('Invitation · Hubbub');
  return <AcceptInvitation eventId={id} token={token} />;
}
