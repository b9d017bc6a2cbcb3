import { Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBolt, IconCalendarEvent, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSessionUser } from '@/lib/session';
import { Page } from '@/components/page';
import { PageLoader } from '@/components/page-loader';
import { QueryState } from '@/components/query-state';
import { useHome } from '@/features/home/api/get-home';
import { AreaNote } from '@/features/home/components/area-note';
import { HomeSections } from '@/features/home/components/home-sections';

const FEATURES = [
  { icon: IconSearch, title: 'Find events', text: 'Search what is on near you, on a map.' },
  { icon: IconCalendarEvent, title: 'Publish your own', text: 'Create events and flyers for the things you host.' },
  { icon: IconBolt, title: 'Live buzz', text: 'Follow events as they happen, flyer by flyer.' },
];

/** A visitor's /dashboard: what Hubbub is, and the way to what is on (the search) or to an account. */
function Welcome() {
  return (
    <Page title="Welcome to Hubbub" description="Discover and publish local events.">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {FEATURES.map((f) => (
          <Paper key={f.title} withBorder p="md" radius="md">
            <Stack gap="xs">
              <ThemeIcon variant="light" size="lg" radius="md">
                <f.icon size={20} aria-hidden />
              </ThemeIcon>
              <Text fw={600}>{f.title}</Text>
              <Text size="sm" c="dimmed">
                {f.text}
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Group>
        <Button component={Link} to="/search" leftSection={<IconSearch size={16} aria-hidden />}>
          Find events near you
        </Button>
        <Button component={Link} to="/login" variant="default">
          Sign in
        </Button>
        <Button component={Link} to="/register" variant="default">
          Create an account
        </Button>
      </Group>
    </Page>
  );
}

/** A signed-in person's home: what is on for them, in one call. */
function Home({ firstName }: { firstName: string }) {
  const home = useHome();
  return (
    <Page
      title={`Hello, ${firstName}`}
      description={home.data ? <AreaNote area={home.data.area} /> : 'What is on for you.'}
      actions={
        <Group gap="xs">
          <Button component={Link} to="/search" leftSection={<IconSearch size={16} aria-hidden />}>
            Find events
          </Button>
          <Button component={Link} to="/events/new" variant="default" leftSection={<IconPlus size={16} aria-hidden />}>
            Create an event
          </Button>
        </Group>
      }
    >
      <QueryState query={home} loading={<PageLoader label="Loading what is on" />} errorTitle="Could not load your home">
        {(data) => <HomeSections home={data} />}
      </QueryState>
    </Page>
  );
}

export default function DashboardRoute() {
  const user = useSessionUser();
  if (!user) return <Welcome />;
  return <Home firstName={(user.name || user.email).split(/\s+/)[0]} />;
}
