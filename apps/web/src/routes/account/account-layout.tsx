import { Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCreditCard, IconSettings, IconUser } from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Page } from '@/components/page';

const TABS = [
  { value: 'profile', label: 'Profile', icon: IconUser },
  { value: 'subscription', label: 'Subscription', icon: IconCreditCard },
  { value: 'settings', label: 'Settings', icon: IconSettings },
];

export default function AccountLayout() {
  const navigate = useNavigate();
  // Three tabs with icons do not fit on one line at phone width.
  const isPhone = useMediaQuery('(max-width: 30em)') ?? false;
  const { pathname } = useLocation();
  const current = TABS.find((t) => pathname.startsWith(`/account/${t.value}`))?.value ?? 'profile';

  return (
    <Page title="Account">
      <Tabs value={current} onChange={(value) => value && void navigate(`/account/${value}`)}>
        <Tabs.List aria-label="Account sections" grow={isPhone}>
          {TABS.map((tab) => (
            <Tabs.Tab
              key={tab.value}
              value={tab.value}
              px={isPhone ? 6 : undefined}
              leftSection={isPhone ? undefined : <tab.icon size={16} aria-hidden />}
            >
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {/* Every tab's panel exists (so each tab's aria-controls points somewhere); only the current one holds the page. */}
        {TABS.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="lg">
            {tab.value === current && <Outlet />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Page>
  );
}
