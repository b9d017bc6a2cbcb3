import { ComingSoon } from '@/components/coming-soon';

export default function EventsFollowingRoute() {
  return (
    <ComingSoon
      title="Following"
      purpose="The events you follow will be listed here, so you can keep up with what is coming. This list is being built."
    />
  );
}
