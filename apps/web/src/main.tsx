import './app/zod-without-eval';
// Mantine's base; each component's own styles come with it (vite.config.ts, mantineStylesPerComponent).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter, preloadRoute } from './app/router';
import { BootGate, bootSteps, runBoot } from './app/boot';
import { startSessionLifecycle } from './app/session-lifecycle';
import { afterFirstLoad, registerServiceWorker, watchConnectivity } from './app/service-worker';

type AppRouter = ReturnType<typeof createAppRouter>;

async function start(): Promise<AppRouter> {
  const outcome = await runBoot(bootSteps);
  if (outcome.redirect) {
    // Spec 2: a start-up redirect stops the mount.
    if (outcome.redirect.replace) window.location.replace(outcome.redirect.redirect);
    else window.location.assign(outcome.redirect.redirect);
    // The browser is leaving: the loading overlay stays up until it has gone.
    return new Promise<never>(() => {});
  }

  // Created only now: its guards read the session the authentication step restored.
  const router = createAppRouter();
  startSessionLifecycle(router);
  watchConnectivity();
  // The dev server has no generated worker, and a stale one would serve old bundles. After the
  // first page has what it needs: the worker's precache would compete with it for the connection.
  if (import.meta.env.PROD) afterFirstLoad(() => void registerServiceWorker());
  return router;
}

preloadRoute(window.location.pathname);
const booted = start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <BootGate boot={booted} render={(router) => <RouterProvider router={router} />} />
    </AppProviders>
  </StrictMode>,
);
