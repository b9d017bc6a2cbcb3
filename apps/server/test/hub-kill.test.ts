import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HubConnectionState } from '@microsoft/signalr';
import { eventsApi } from '@hubbub/contract';
import { createHub } from './support/hub-client.js';
import { freePort, jsonHeaders as headers, startServer, verifiedLogin } from './support/server-process.js';

describe('hub reconnect after the server process is killed', () => {
  it('the official client reconnects to the restarted process and re-joins its event', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-kill-'));
    const port = await freePort();
    let server: ChildProcess | undefined = await startServer(port, dataDir);
    try {
      const jwt = await verifiedLogin(port, dataDir, 'killed');
      const start = new Date(Date.now() + 3_600_000);
      const created = await fetch(`http://127.0.0.1:${port}${eventsApi.create.path}`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${jwt}` },
        body: JSON.stringify({
          name: 'Survives a crash',
          startDate: start.toISOString(),
          endDate: new Date(start.getTime() + 3_600_000).toISOString(),
          area: { name: 'Omaha, NE', type: 4, latitude: 41.25, longitude: -95.94, zoom: 12 },
        }),
      });
      const eventId = ((await created.json()) as { id: string }).id;
      // Retries for as long as the restart is waited for below: on a loaded 2-core machine the new
      // process took more than the 9 s that twelve retries covered, and the client gave up.
      const client = createHub({ port, jwt, reconnectDelays: [0, 200, 500, 500, ...Array<number>(40).fill(1000)] });
      const joins: boolean[] = [];
      client.connection.onreconnected(async () => {
        joins.push(await client.connection.invoke('JoinEventSession', eventId));
      });
      await client.connection.start();
      expect(await client.connection.invoke('JoinEventSession', eventId)).toBe(true);

      // No Close message, no graceful shutdown: the process just dies.
      const reconnecting = new Promise<void>((resolve) => client.connection.onreconnecting(() => resolve()));
      server.kill('SIGKILL');
      await new Promise((r) => server!.once('exit', r));
      await reconnecting;

      server = await startServer(port, dataDir);
      const restarted = Date.now();
      while (joins.length === 0 && Date.now() - restarted < 40_000) await new Promise((r) => setTimeout(r, 100));
      expect(joins).toEqual([true]);
      expect(client.connection.state).toBe(HubConnectionState.Connected);
      await client.connection.stop();
    } finally {
      server?.kill('SIGTERM');
      if (server && server.exitCode === null) await new Promise((r) => server!.once('exit', r));
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
