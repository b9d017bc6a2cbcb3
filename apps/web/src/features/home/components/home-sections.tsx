import { Button, Stack } from '@mantine/core';
import { IconBolt, IconBroadcast, IconCalendarEvent, IconCalendarWeek, IconMoon, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate, formatTime, type Home } from '@hubbub/contract';
import { searchLink } from '../search-link';
import { HomeSection, type SectionLink } from './home-section';

const HOUR = 3_600_000;

/** The home's sections, each with an empty state that leads somewhere. */
export function HomeSections({ home, now }: { home: Home; now?: Date }) {
  const { area, tonight, weekend } = home;
  const zone = { timeZone: home.timeZone, now };
  const near = area ? ` near ${area.name}` : '';
  const findNear: SectionLink = { label: area ? `Find events near ${area.name}` : 'Find events near you', to: searchLink(area) };
  // Without a place, "near you" has nothing to go on: the person is asked for their city.
  const noArea = {
    text: 'Tell us your city and this shows what is on near you.',
    links: [
      { label: 'Set your city', to: '/account/profile' },
      { label: 'Find events near you', to: '/search' },
    ],
  };
  const tonightSearch = searchLink(area, { from: tonight.searchFrom, days: tonight.searchDays });
  const weekendSearch = searchLink(area, { from: weekend.searchFrom, days: weekend.searchDays });
  const weekendTitle = weekend.isNext ? 'Next weekend' : 'This weekend';
  // The weekend's last day is the Sunday before its 4 AM end.
  const sunday = new Date(Date.parse(weekend.to) - 12 * HOUR);
  const people: SectionLink = { label: 'Browse people', to: '/people' };

  return (
    <Stack gap="xl">
      <HomeSection
        testId="home-live"
        title="Live now"
        icon={IconBroadcast}
        events={home.liveNow}
        now={now}
        empty={{ text: 'Nothing live right now.', links: [findNear] }}
        actions={(event) => (
          <Button component={Link} to={`/buzz/${event.id}`} size="xs" color="red" leftSection={<IconBolt size={14} aria-hidden />}>
            Watch live
          </Button>
        )}
      />
      <HomeSection
        testId="home-tonight"
        title={`Tonight${near}`}
        description={`${formatTime(tonight.from, zone)} until ${formatTime(tonight.to, zone)}`}
        icon={IconMoon}
        events={tonight.events}
        now={now}
        more={{ label: 'See more on the map', to: tonightSearch }}
        empty={area ? { text: `Nothing on tonight${near} yet.`, links: [{ label: 'Find events near you', to: tonightSearch }] } : noArea}
      />
      <HomeSection
        testId="home-weekend"
        title={`${weekendTitle}${near}`}
        description={`${formatDate(weekend.from, zone)} to ${formatDate(sunday, zone)}`}
        icon={IconCalendarWeek}
        events={weekend.events}
        now={now}
        more={{ label: 'See more on the map', to: weekendSearch }}
        empty={area ? { text: `Nothing planned for ${weekendTitle.toLowerCase()}${near} yet.`, links: [{ label: 'Find events near you', to: weekendSearch }] } : noArea}
      />
      <HomeSection
        testId="home-next"
        title="Your next events"
        description="What you host, go to and follow, soonest first."
        icon={IconCalendarEvent}
        events={home.next}
        now={now}
        more={{ label: 'All events you follow', to: '/events/following' }}
        empty={{
          text: 'Nothing coming up for you yet: follow events you like, or host your own.',
          links: [findNear, { label: 'Create an event', to: '/events/new' }],
        }}
      />
      <HomeSection
        testId="home-following"
        title="From people you follow"
        icon={IconUsers}
        events={home.fromFollowing}
        now={now}
        empty={
          home.followingCount
            ? { text: 'The people you follow have nothing coming up.', links: [people, findNear] }
            : { text: 'You do not follow anyone yet. Follow hosts you like to see what they plan.', links: [people] }
        }
      />
    </Stack>
  );
}
