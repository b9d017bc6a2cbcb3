import { Tabs } from '@mantine/core';
import { IconChartBar, IconFlag, IconHistory } from '@tabler/icons-react';
import { Page } from '@/components/page';
import { ReportQueueList } from '@/features/admin/components/report-queue';
import { AdminOverviewPanel } from '@/features/admin/components/overview';
import { AuditLogTable } from '@/features/admin/components/audit-log';

export default function AdminRoute() {
  return (
    <Page title="Administration" description="The site at a glance, reports from the people who use it, and a record of every action taken on them." size="lg">
      <Tabs defaultValue="overview" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview" leftSection={<IconChartBar size={16} aria-hidden />}>
            Overview
          </Tabs.Tab>
          <Tabs.Tab value="reports" leftSection={<IconFlag size={16} aria-hidden />}>
            Reports
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
        <Tabs.Panel value="audit" pt="md">
          <AuditLogTable />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
