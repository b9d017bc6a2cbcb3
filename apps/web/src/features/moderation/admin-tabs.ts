export const ADMIN_TABS = ['overview', 'reports', 'people', 'live', 'federation', 'audit'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** The console's tab lives in `?tab=`, so reload and Back keep it; anything unknown is the overview. */
export function adminTabFrom(value: string | null): AdminTab {
  return (ADMIN_TABS as readonly string[]).includes(value ?? '') ? (value as AdminTab) : 'overview';
}

export function adminTabPath(tab: AdminTab): string {
  return tab === 'overview' ? '/admin' : `/admin?tab=${tab}`;
}
