// The worker the public event page starts once it is idle: the event's time in the reader's zone,
// written with the contract's one formatter, or null when it reads the same as the event's own;
// off the page's main thread (the first use of Intl loads the locale and zone data, tens of
// milliseconds on a phone).
import { eventTimes, localTimeZone } from '@hubbub/contract/format';

interface WorkerScope {
  onmessage: ((event: { data: unknown }) => void) | null;
  postMessage(message: unknown): void;
}

const scope = globalThis as unknown as WorkerScope;
const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

scope.onmessage = ({ data }) => {
  const message = (data ?? {}) as Record<string, unknown>;
  const startDate = text(message.startDate);
  const timeZone = text(message.timeZone);
  if (!startDate || !timeZone) return scope.postMessage(null);
  const times = eventTimes({ startDate, endDate: text(message.endDate), timeZone }, { locale: text(message.locale) ?? undefined, viewerZone: localTimeZone() });
  scope.postMessage(times.viewer);
};
