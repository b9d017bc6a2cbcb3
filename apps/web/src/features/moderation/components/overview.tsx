import '@mantine/charts/styles.css';
import { Alert, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { formatDate, formatNumber, type AdminOverview } from '@hubbub/contract';
import { problemMessage } from '@/lib/ui';
import { QueryState } from '@/components/query-state';
import { useOverview } from '../api/overview';

function Stat({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} c={tone} data-testid={`overview-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {formatNumber(value)}
      </Text>
    </Paper>
  );
}

/** One series per chart: each has its own scale (a day of imported events would flatten the sign-ups). */
function DailyChart({ title, data, series, color }: { title: string; data: Record<string, string | number>[]; series: string; color: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} fz="md" mb="sm">
        {title}
      </Title>
      <BarChart h={200} data={data} dataKey="day" series={[{ name: series, color }]} tickLine="y" valueFormatter={(value) => formatNumber(value)} xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }} role="figure" aria-label={title} />
    </Paper>
  );
}

/** The site's health at a glance: counts now, sign-ups and new events per day for 30 days. */
export function AdminOverviewPanel() {
  const overview = useOverview();
  return (
    <QueryState query={overview} loading={<Skeleton h={260} radius="md" />} error={(error) => <Alert color="red">{problemMessage(error)}</Alert>}>
      {(o) => <OverviewBody o={o} />}
    </QueryState>
  );
}

function OverviewBody({ o }: { o: AdminOverview }) {
  // A day is a calendar date (YYYY-MM-DD): read at UTC midnight so no zone moves it.
  const data = o.days.map((d) => ({ day: formatDate(d.day, { timeZone: 'UTC', weekday: false }), 'Sign-ups': d.signUps, 'Events created': d.eventsCreated }));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
        <Stat label="People" value={o.people} />
        <Stat label="Events" value={o.events} />
        <Stat label="Live now" value={o.liveSessions} tone={o.liveSessions ? 'green' : undefined} />
        <Stat label="Hub connections" value={o.hubConnections} />
        <Stat label="Open reports" value={o.openReports} tone={o.openReports ? 'red' : undefined} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <DailyChart title="Sign-ups per day" data={data} series="Sign-ups" color="violet.6" />
        <DailyChart title="Events created per day" data={data} series="Events created" color="teal.6" />
      </SimpleGrid>
    </Stack>
  );
}
