import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

/** Spec 4: the lifecycle states the worker reports. 'idle' means not registered (dev, unsupported). */
export type ServiceWorkerState = 'idle' | 'ready' | 'registered' | 'cached' | 'updated' | 'offline' | 'error';

export interface ServiceWorkerStatus {
  state: ServiceWorkerState;
  online: boolean;
  /** Stays true once a new version waits, whatever other events come after. */
  updateAvailable: boolean;
  /** Set once the first install has cached the app shell. */
  offlineReady: boolean;
  error?: string;
}

export const SERVICE_WORKER_URL = '/sw.js';

let status: ServiceWorkerStatus = {
  state: 'idle',
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  updateAvailable: false,
  offlineReady: false,
};
const listeners = new Set<() => void>();
let workbox: Workbox | null = null;

function update(patch: Partial<ServiceWorkerStatus>) {
  status = { ...status, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getServiceWorkerStatus(): ServiceWorkerStatus {
  return status;
}

export function useServiceWorkerStatus(): ServiceWorkerStatus {
  return useSyncExternalStore(subscribe, getServiceWorkerStatus, getServiceWorkerStatus);
}

function isLocalhost(): boolean {
  return /^(localhost|127(?:\.\d+){3}|\[::1\])$/.test(window.location.hostname);
}

/**
 * On localhost a stale worker from another app is common, so the script is checked
 * first (spec 8): a 404 or non-JavaScript answer is reported instead of registered.
 */
async function scriptLooksValid(url: string): Promise<boolean> {
  try {
    // HEAD: the status and content type tell, and the script itself is not downloaded twice.
    const response = await fetch(url, { method: 'HEAD', headers: { 'Service-Worker': 'script' }, cache: 'no-store' });
    const contentType = response.headers.get('content-type') ?? '';
    if (response.status === 404 || !contentType.includes('javascript')) {
      console.warn(`Service worker not found at ${url}`);
      console.warn(
        `Unexpected content type "${contentType || 'none'}" (status ${response.status}) for ${url}; expected JavaScript. Probably a different app is served here.`,
      );
      return false;
    }
    return true;
  } catch {
    // Offline on localhost: let the browser use the worker it already has.
    return true;
  }
}

/** Activates the waiting worker and reloads once it controls the page. */
export function applyServiceWorkerUpdate(): void {
  if (!workbox) {
    window.location.reload();
    return;
  }
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

/** Tracks navigator.onLine; runs in dev too, where no worker is registered. */
export function watchConnectivity(): void {
  window.addEventListener('online', () =>
    update({ online: true, state: status.state === 'offline' ? (workbox ? 'ready' : 'idle') : status.state }),
  );
  window.addEventListener('offline', () => update({ online: false, state: 'offline' }));
}

/**
 * Runs once the page has loaded and the browser is idle (at the latest 5 s after load): the
 * worker's install downloads the precache, which must not compete with the first page's own files.
 */
export function afterFirstLoad(run: () => void): void {
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** The build's own files among loaded URLs (the worker's runtime cache takes only those). */
export function assetUrls(urls: string[]): string[] {
  return urls.filter((url) => {
    const parsed = new URL(url, window.location.href);
    return parsed.origin === window.location.origin && parsed.pathname.startsWith('/assets/');
  });
}

/**
 * The map stack is not precached (vite.config.ts): the worker caches it as a page loads it. A page
 * the worker does not control yet (the first visit) fetched its files past it, so they are handed
 * over by name, now and as more load; the worker reads them from the HTTP cache, not the network.
 */
function handOverLoadedAssets(worker: ServiceWorker): void {
  const send = (urls: string[]) => {
    if (urls.length) worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: urls } });
  };
  send(assetUrls(performance.getEntriesByType('resource').map((entry) => entry.name)));
  if (navigator.serviceWorker.controller || typeof PerformanceObserver !== 'function') return;
  const observer = new PerformanceObserver((list) => {
    // Once the worker controls the page it sees every request itself.
    if (navigator.serviceWorker.controller) observer.disconnect();
    else send(assetUrls(list.getEntries().map((entry) => entry.name)));
  });
  observer.observe({ type: 'resource' });
}

export async function registerServiceWorker(url = SERVICE_WORKER_URL): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  if (isLocalhost() && !(await scriptLooksValid(url))) {
    update({ state: 'error', error: `Service worker not found at ${url}` });
    return;
  }

  // Loaded only now, after the first page: the shell does not carry it.
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox(url, { scope: '/' });
  workbox = wb;
  wb.addEventListener('installed', (event) => {
    if (!event.isUpdate) update({ state: 'cached', offlineReady: true });
  });
  wb.addEventListener('waiting', () => update({ state: 'updated', updateAvailable: true }));

  try {
    await wb.register();
    update({ state: 'registered' });
    const registration = await navigator.serviceWorker.ready;
    if (status.state === 'registered') update({ state: navigator.onLine ? 'ready' : 'offline' });
    if (registration.active) handOverLoadedAssets(registration.active);
  } catch (error) {
    console.error('Service worker registration failed', error);
    update({ state: 'error', error: error instanceof Error ? error.message : String(error) });
  }
}
