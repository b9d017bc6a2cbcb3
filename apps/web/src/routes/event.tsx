import { ComingSoon } from '@/components/coming-soon';

export default function EventRoute() {
  return (
    <ComingSoon
      title="Event"
      purpose="The details of a single event, its venue, flyers and timeline will appear here. Event pages are being built."
    />
  );
}
