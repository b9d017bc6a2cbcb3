import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventLinksApi, eventsApi, projectDocumentApi, tagsApi, usersApi } from '@hubbub/contract';

// deploy/hubbub.nginx.conf lets nginx send the read-only POSTs (the searches) on to another instance,
// as it does a GET; the paths there are written by hand, so they are checked against the contract's.
const conf = fs.readFileSync(path.resolve(import.meta.dirname, '../../../deploy/hubbub.nginx.conf'), 'utf8');

describe('the nginx configuration', () => {
  const retried = (() => {
    const match = /location ~\* (\S+) \{\s*\n\s*proxy_next_upstream [^;]*non_idempotent;/.exec(conf);
    if (!match) throw new Error('No location retries non-idempotent requests.');
    return new RegExp(match[1], 'i');
  })();

  it('retries exactly the searches, which only read, on another instance', () => {
    for (const entry of [eventsApi.search, eventsApi.partners, eventLinksApi.search, tagsApi.search, usersApi.search, projectDocumentApi.search]) {
      expect(entry.method).toBe('POST');
      expect(retried.test(entry.path), entry.path).toBe(true);
    }
    for (const entry of [eventsApi.create, eventsApi.update, projectDocumentApi.create]) expect(retried.test(entry.path), entry.path).toBe(false);
  });
});
