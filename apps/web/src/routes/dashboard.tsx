import type { ReactNode } from 'react';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBolt, IconCalendarEvent, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSessionUser } from '@/lib/session';
import { Page } from '@/components/page';
import { UsageBars } from '@/features/account/components/usage-bars';
import { useUsage } from '@/features/account/api/get-usage';
import { PeopleSearch } from '@/features/users/components/people-search';
import { UserSummaryStats } from '@/features/users/components/user-summary-stats';
import { RecentDocuments } from '@/features/project-documents/components/recent-documents';

const FEATURES = [
  { icon: IconSearch, title: 'Find events', text: 'Search what is on near you, on a map.' },
  { icon: IconCalendarEvent, title: 'Publish your own', text: 'Create events and flyers for the things you host.' },
  { icon: IconBolt, title: 'Live buzz', text: 'Follow events as they happen, flyer by flyer.' },
];

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
        <Button component={Link} to="/login">
          Sign in
        </Button>
        <Button component={Link} to="/register" variant="default">
          Create an account
        </Button>
      </Group>
    </Page>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export default function DashboardRoute() {
  const user = useSessionUser();
  const usage = useUsage(Boolean(user));
  if (!user) return <Welcome />;

  const firstName = (user.name || user.email).split(/\s+/)[0];
  return (
    <Page title={`Hello, ${firstName}`} description="Here is what is happening with your account.">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Your activity">
          <UserSummaryStats />
        </Section>
        <Section title="Usage">
          <UsageBars usage={usage.data} loading={usage.isPending} />
          <Anchor component={Link} to="/account/subscription" size="sm" w="fit-content">
            See plans
          </Anchor>
        </Section>
      </SimpleGrid>
      <Section title="Recent documents">
        <RecentDocuments />
      </Section>
      <Section title="People">
        <PeopleSearch selfId={user.id} />
      </Section>
    </Page>
  );
}
