import { z } from 'zod';

// The server's Content-Security-Policy forbids eval (script-src 'self', issue 22). Zod's fast
// path probes for it with `new Function('')` when the first object schema is defined: the
// browser blocks the probe and reports a CSP violation on every page, although zod catches it.
// Jitless skips the probe and changes nothing else (the fast path is blocked in the browser
// anyway). This must run before any schema is defined: main.tsx imports it first, and
// vite.config.ts bundles it into the zod chunk, which runs before every chunk that uses zod.
z.config({ jitless: true });
