import { useParams } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';

export default function BuzzRoute() {
  const { id } = useParams();
  return (
    <ComingSoon
      title="Buzz"
      purpose={
        id
          ? 'The live session of this event, with its active flyers updating in real time, will appear here.'
          : 'Live event sessions and their active flyers, updating in real time, will appear here.'
      }
    />
  );
}
