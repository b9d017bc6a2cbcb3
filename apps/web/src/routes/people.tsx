import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useSessionUser } from '@/lib/session';
import { Page } from '@/components/page';
import { PeopleSearch } from '@/features/users/components/people-search';

/** The people directory: hosts of public events and people who chose to be listed. */
export default function PeopleRoute() {
  const user = useSessionUser();
  return (
    <Page title="People" description="Hosts of public events, and people who chose to be listed. Follow someone to see what they host on your home.">
      <PeopleSearch selfId={user?.id} />
      <Text size="sm" c="dimmed">
        Not listed yourself? Hosting a public event lists you; otherwise{' '}
        <Anchor component={Link} to="/account/profile" inherit>
          choose it in your profile
        </Anchor>
        .
      </Text>
    </Page>
  );
}
