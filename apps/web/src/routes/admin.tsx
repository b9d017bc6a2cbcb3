import { Tabs } from '@mantine/core';
import { IconBroadcast, IconChartBar, IconFlag, IconHistory, IconUsers, IconWorldShare } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/page';
import { adminTabFrom, type AdminTab } from '@/features/moderation/admin-tabs';
import { ReportQueueList } from '@/features/moderation/components/report-queue';
import { AdminOverviewPanel } from '@/features/moderation/components/overview';
import { AuditLogTable } from '@/features/moderation/components/audit-log';
import { PeopleList } from '@/features/moderation/components/people-list';
import { LiveNowTable } from '@/features/moderation/components/live-now';
import { FederationPanel } from '@/features/federation/components/federation-panel';

export default function AdminRoute() {
  const [params, setParams] = useSearchParams();
  const tab = adminTabFrom(params.get('tab'));
  // Each tab is a history entry, so Back returns to the one before and a reload keeps it.
  const select = (value: string | null) => setParams(value && value !== 'overview' ? { tab: value as AdminTab } : {});
  return (
    <Page title="Administration" description="The site at a glance, reports from the people who use it, the accounts, live sessions, the site in the fediverse, and a record of every action taken." size="lg">
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          <Tabs.Tab value="overview" leftSection={<IconChartBar size={16} aria-hidden />}>
            Overview
          </Tabs.Tab>
          <Tabs.Tab value="reports" leftSection={<IconFlag size={16} aria-hidden />}>
            Reports
          </Tabs.Tab>
          <Tabs.Tab value="people" leftSection={<IconUsers size={16} aria-hidden />}>
            People
          </Tabs.Tab>
          <Tabs.Tab value="live" leftSection={<IconBroadcast size={16} aria-hidden />}>
            Live now
          </Tabs.Tab>
          <Tabs.Tab value="federation" leftSection={<IconWorldShare size={16} aria-hidden />}>
            Fediverse
          </Tabs.Tab>
          <Tabs.Tab value="audit" leftSection={<IconHistory size={16} aria-hidden />}>
            Audit log
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <AdminOverviewPanel />
        </Tabs.Panel>
        <Tabs.Panel value="reports" pt="md">
          <ReportQueueList />
        </Tabs.Panel>
        <Tabs.Panel value="people" pt="md">
          <PeopleList />
        </Tabs.Panel>
        <Tabs.Panel value="live" pt="md">
          <LiveNowTable />
        </Tabs.Panel>
        <Tabs.Panel value="federation" pt="md">
          <FederationPanel />
        </Tabs.Panel>
        <Tabs.Panel value="audit" pt="md">
          <AuditLogTable />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
