// The public event page's one script, bundled for browsers by ../script.ts. The page reads whole
// without it; it adds what only the browser knows: the reader's own time zone, and the phone's
// share sheet or the clipboard for "Share". It uses no Intl and no time zone itself: once the page
// has loaded and the browser is idle, a worker (reader-time-worker.ts, with the contract's one
// formatter) writes the reader's time, so loading the locale and zone data never holds up the page.
// Browser types are declared here, not taken from the DOM library, so the server's type check
// stays a Node one.

interface PageElement {
  getAttribute(name: string): string | null;
  textContent: string | null;
  hidden: boolean;
  addEventListener(type: 'click', listener: (event: { preventDefault(): void }) => void): void;
}
interface PageWorker {
  onmessage: ((event: { data: unknown }) => void) | null;
  postMessage(message: unknown): void;
  terminate(): void;
}
interface Browser {
  document: { querySelector(selector: string): PageElement | null; readyState: string };
  addEventListener(type: 'load', listener: () => void, options: { once: boolean }): void;
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => void;
  setTimeout(callback: () => void, ms: number): void;
  navigator: { share?: (data: { title: string; url: string }) => Promise<void>; clipboard?: { writeText(text: string): Promise<void> } };
  Worker?: new (url: string) => PageWorker;
}

const browser = globalThis as unknown as Browser;
const { document, navigator, Worker } = browser;

/** Runs `work` once the page has loaded and the browser has a moment: never in the way of the first paint or a tap. */
function whenIdle(work: () => void) {
  const later = () => (browser.requestIdleCallback ? browser.requestIdleCallback(work, { timeout: 3000 }) : browser.setTimeout(work, 300));
  if (document.readyState === 'complete') later();
  else browser.addEventListener('load', later, { once: true });
}

/** "Your time: …" under the event's own time, when the reader's zone reads it differently. */
function showReaderTime() {
  const when = document.querySelector('[data-event-times]');
  const target = document.querySelector('[data-reader-time]');
  const startDate = when?.getAttribute('data-start');
  const endDate = when?.getAttribute('data-end') || null;
  const workerUrl = when?.getAttribute('data-worker');
  if (!when || !target || !startDate || !workerUrl || !Worker) return;
  whenIdle(() => {
    let worker: PageWorker;
    try {
      worker = new Worker(workerUrl);
    } catch {
      return;
    }
    worker.onmessage = ({ data }) => {
      worker.terminate();
      if (typeof data !== 'string' || !data) return;
      target.textContent = `Your time: ${data}`;
      target.hidden = false;
    };
    worker.postMessage({ startDate, endDate, timeZone: when.getAttribute('data-zone'), locale: when.getAttribute('data-locale') });
  });
}

/** "Share": the share sheet where there is one, else the link copied; without this script it is a link to the page. */
function enableShare() {
  const share = document.querySelector('[data-share]');
  const status = document.querySelector('[data-share-status]');
  const url = share?.getAttribute('href');
  if (!share || !url) return;
  const say = (text: string) => {
    if (status) status.textContent = text;
  };
  share.addEventListener('click', (event) => {
    const title = share.getAttribute('data-title') ?? '';
    if (navigator.share) {
      event.preventDefault();
      // A closed share sheet rejects; nothing to tell.
      navigator.share({ title, url }).catch(() => undefined);
    } else if (navigator.clipboard) {
      event.preventDefault();
      navigator.clipboard.writeText(url).then(
        () => say('Link copied. Paste it anywhere to share this event.'),
        () => say(`Copy this link to share the event: ${url}`),
      );
    }
  });
}

showReaderTime();
enableShare();
