import { Page } from '@/components/page';
import { SavedTicketsList } from '@/features/check-in/components/saved-tickets';

/** The guest's tickets kept on this device: what they open at the door, with or without a connection. */
export default function MyTicketsRoute() {
  return (
    <Page title="My tickets" description="Kept on this device for the events you are going to: they open at the door without a connection.">
      <SavedTicketsList />
    </Page>
  );
}
