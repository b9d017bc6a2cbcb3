import { Tabs } from '@mantine/core';
import { IconFlag, IconHistory } from '@tabler/icons-react';
import { Page } from '@/components/page';
import { ReportQueueList } from '@/features/admin/components/report-queue';
import { AuditLogTable } from '@/features/admin/components/audit-log';

export default function AdminRoute() {
  return (
    <Page title="Administration" description="Reports from the people who use this site, and a record of every action taken on them." size="lg">
      <Tabs defaultValue="reports" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="reports" leftSection={<IconFlag size={16} aria-hidden />}>
            Reports
          </Tabs.Tab>
          <Tabs.Tab value="audit" leftSection={<IconHistory size={16} aria-hidden />}>
            Audit log
          </Tabs.Tab>
        </Tabs.List>
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
