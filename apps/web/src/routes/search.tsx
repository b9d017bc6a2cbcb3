import { ComingSoon } from '@/components/coming-soon';

export default function SearchRoute() {
  return (
    <ComingSoon
      title="Search events"
      purpose="Find events near you on a map, with a side panel listing the partners of each event. The map search is being built and will appear here."
    />
  );
}
