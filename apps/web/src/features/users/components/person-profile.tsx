import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconLink, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate, type Person } from '@hubbub/contract';
import { UserAvatar } from '@/components/user-avatar';
import { BlockButton } from './block-button';
import { FollowButton } from './follow-button';
import { PersonStats } from './person-stats';

interface PersonProfileProps {
  person: Person;
  signedIn: boolean;
  /** Where "sign in to follow" should come back to. */
  loginPath: string;
}

/** Only http(s) links are rendered as links; anything else stays plain text. */
function safeWebsite(url: string | null): string | null {
  return url && /^https?:\/\//i.test(url) ? url : null;
}

export function PersonProfile({ person, signedIn, loginPath }: PersonProfileProps) {
  const website = safeWebsite(person.website);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group align="flex-start" gap="lg" wrap="wrap">
          <UserAvatar name={person.name} size={96} radius={96} />
          <Stack gap={6} style={{ flex: 1, minWidth: 200 }}>
            <Group gap="xs" wrap="wrap">
              <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
                {person.name}
              </Title>
              {person.isSelf && <Badge variant="light">You</Badge>}
              {person.isFollower && !person.isSelf && (
                <Badge variant="light" color="gray">
                  Follows you
                </Badge>
              )}
            </Group>
            {person.location && (
              <Group gap={6} c="dimmed" wrap="nowrap">
                <IconMapPin size={16} aria-hidden />
                <Text size="sm">{person.location}</Text>
              </Group>
            )}
            {person.website && (
              <Group gap={6} c="dimmed" wrap="nowrap">
                <IconLink size={16} aria-hidden />
                {website ? (
                  <Anchor href={website} target="_blank" rel="noopener noreferrer nofollow" size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {website.replace(/^https?:\/\//i, '')}
                  </Anchor>
                ) : (
                  <Text size="sm">{person.website}</Text>
                )}
              </Group>
            )}
            <Group gap={6} c="dimmed" wrap="nowrap">
              <IconCalendar size={16} aria-hidden />
              <Text size="sm">Joined {formatDate(person.createdAt, { weekday: false, year: true })}</Text>
            </Group>
          </Stack>
        </Group>

        {person.bio ? (
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{person.bio}</Text>
        ) : (
          <Text c="dimmed" fs="italic">
            No bio yet.
          </Text>
        )}

        <PersonStats
          items={[
            { label: 'Events', value: person.eventCount },
            { label: 'Followers', value: person.followerCount },
            { label: 'Following', value: person.followingCount },
          ]}
        />

        <Group gap="sm">
          {person.isSelf ? (
            <Button component={Link} to="/account/profile" variant="light">
              Edit your profile
            </Button>
          ) : signedIn ? (
            <>
              {!person.isBlocked && (
                <FollowButton userId={person.id} name={person.name} isFollowing={person.isFollowing} />
              )}
              <BlockButton userId={person.id} name={person.name} isBlocked={person.isBlocked} />
            </>
          ) : (
            <Button component={Link} to={loginPath}>
              Sign in to follow
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
