import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsApi, type NotificationSettings, type PushSubscriptionInput } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

/** Whether this browser can receive web push at all (and is not in a private window that forbids it). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The base64url VAPID key as the bytes PushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

/** This browser's current subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return reg ? reg.pushManager.getSubscription() : null;
}

export class PushRefused extends Error {}

/** Asks the person, subscribes this browser with the server's key and tells the server. */
export async function enablePush(): Promise<NotificationSettings> {
  if ((await Notification.requestPermission()) !== 'granted') throw new PushRefused('Notifications are blocked for this site in the browser’s settings.');
  const { publicKey } = await api.call(notificationsApi.pushKey);
  const reg = await registration();
  const subscription = (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  // The browser types every field of its JSON as optional; a live subscription has them all, and the server checks.
  return api.call(notificationsApi.pushSubscribe, { body: subscription.toJSON() as PushSubscriptionInput });
}

export async function disablePush(): Promise<NotificationSettings | undefined> {
  const subscription = await currentSubscription();
  if (!subscription) return undefined;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  return api.call(notificationsApi.pushUnsubscribe, { body: { endpoint } });
}

export function useTogglePush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => (on ? enablePush() : disablePush()),
    onSuccess: (settings) => {
      if (settings) client.setQueryData(queryKeys.notificationSettings, settings);
      void client.invalidateQueries({ queryKey: queryKeys.notificationSettings });
    },
  });
}
