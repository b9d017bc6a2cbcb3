// Web push for Hubbub's alerts and reminders, loaded into the generated service worker
// (vite.config.ts workbox.importScripts). The payload is JSON: { title, body, url, tag }.
self.addEventListener('push', (event) => {
  let message = { title: 'Hubbub', body: '', url: '/', tag: undefined };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // A push without a readable payload still says something happened.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, { body: message.body, tag: message.tag, icon: '/favicon.svg', data: { url: message.url } }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin);
  // Only this site's pages: a payload can name any URL.
  const target = url.origin === self.location.origin ? url.href : self.location.origin;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === target);
      return open ? open.focus() : self.clients.openWindow(target);
    }),
  );
});
