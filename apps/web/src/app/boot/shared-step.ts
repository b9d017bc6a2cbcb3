import { fetchContainerData } from '@/lib/container/container-data';
import type { BootStep } from './run-boot';

export const CMS_PATH = '/cms';

/** Loads the container data and, on /cms, leaves for the configured content site. */
export const sharedStep: BootStep = {
  name: 'shared',
  async run() {
    const data = await fetchContainerData();
    const path = window.location.pathname.replace(/\/+$/, '');
    if (path === CMS_PATH && data.cmsUrl) return { redirect: data.cmsUrl, replace: true };
  },
};
