import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { HomeArea } from '@hubbub/contract';

const SOURCES: Record<HomeArea['source'], string> = {
  profile: 'the city in your profile',
  events: 'where your events are',
  timeZone: 'your time zone',
};

/** Where "near you" is and why, with the way to change it (the profile's Location); inline, inside the page's intro. */
export function AreaNote({ area }: { area: HomeArea | null }) {
  return (
    <span data-testid="home-area">
      {area ? (
        <>
          What is on near {area.name} (from {SOURCES[area.source]}).{' '}
          <Anchor component={Link} to="/account/profile" inherit>
            {area.source === 'profile' ? 'Change your city' : 'Set your city'}
          </Anchor>
        </>
      ) : (
        <>
          What is on for you.{' '}
          <Anchor component={Link} to="/account/profile" inherit>
            Set your city
          </Anchor>{' '}
          to see events near you.
        </>
      )}
    </span>
  );
}
