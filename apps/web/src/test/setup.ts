import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

// Testing Library only cleans up by itself when vitest globals are on; they are off here.
afterEach(cleanup);

// The files of a worker share one window (vitest.config.ts, unit-web): each starts with empty
// storage and no cookies, and leaves no stubbed global, spy or fake clock to the next.
beforeAll(() => {
  if (typeof window === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// findBy/waitFor give up after 1 s by default: on a loaded 2-core machine a Mantine transition or a
// debounce can take longer than that. They still fail when what they wait for never comes.
configure({ asyncUtilTimeout: 5000 });

// Plain properties rather than vi.stubGlobal: tests that call vi.unstubAllGlobals() for their
// own fetch stubs must not take these away from the tests after them.
if (typeof window !== 'undefined') {
  // Mantine reads it for the colour scheme and reduced motion.
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      writable: true,
      value: (query: string): MediaQueryList =>
        ({
          matches: false,
          media: query,
          onchange: null,
          addListener: () => {},
          removeListener: () => {},
          addEventListener: () => {},
          removeEventListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    });
  }

  // Mantine's ScrollArea and floating elements observe their size.
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.defineProperty(window, 'ResizeObserver', { configurable: true, writable: true, value: ResizeObserverStub });
  }

  // Combobox options scroll themselves into view; jsdom does no layout.
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
}
