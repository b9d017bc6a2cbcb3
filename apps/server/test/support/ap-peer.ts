import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { genDigestHeaderBothRFC3230AndRFC9530, parseRequestSignature, signAsDraftToRequest, verifyDigestHeader, verifyDraftSignature } from '@misskey-dev/node-http-message-signatures';

/**
 * An ActivityPub server standing in for the rest of the fediverse in the federation tests: a
 * process of its own on another loopback address, signing and checking HTTP signatures with
 * Misskey's library (not Fedify, which Hubbub is built on). Its accounts are `watcher` and any
 * other name (`relay` is the server's own, an Application, as Mobilizon's is); it serves the objects
 * a test gives it and records what its inboxes receive. The test drives it over HTTP (`/_control/...`).
 * It sends what a well-behaved server would not (badly signed, stale, forged); activitypub.bot, a
 * whole server by others, is the peer of federation-activitypub-bot.test.ts.
 */

export interface Received {
  path: string;
  verified: boolean;
  /** Why the signature did not hold, when it did not. */
  reason?: string;
  activity: Record<string, unknown>;
}

const ACTIVITY_JSON = 'application/activity+json';
const AS_CONTEXT = ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'];

function serve(host: string, port: number): void {
  const origin = `http://${host}:${port}`;
  const actorId = `${origin}/users/watcher`;
  const keyId = `${actorId}#main-key`;
  /** Every account of the peer (`/users/{name}`) signs with the same key pair, each under its own key id. */
  const actorOf = (name: string) => {
    const id = `${origin}/users/${name}`;
    return {
      '@context': AS_CONTEXT,
      id,
      type: name === 'relay' ? 'Application' : 'Person',
      preferredUsername: name,
      name: `${name[0]!.toUpperCase()}${name.slice(1)} on the peer`,
      inbox: `${id}/inbox`,
      outbox: `${id}/outbox`,
      followers: `${id}/followers`,
      endpoints: { sharedInbox: `${origin}/inbox` },
      publicKey: { id: `${id}#main-key`, owner: id, publicKeyPem: own.publicKey },
    };
  };
  const own = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  const other = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  const received: Received[] = [];
  /** Objects the test published on the peer, by path. */
  const objects = new Map<string, unknown>();

  /** The PEM of the key a signature names, fetched from its actor's document (Fedify publishes publicKey on the actor). */
  async function publicKeyOf(signer: string): Promise<string | undefined> {
    const answer = await fetch(signer, { headers: { accept: ACTIVITY_JSON } });
    if (!answer.ok) return undefined;
    const doc = (await answer.json()) as { id?: string; publicKey?: { id: string; publicKeyPem: string } | { id: string; publicKeyPem: string }[]; publicKeyPem?: string };
    if (doc.publicKeyPem) return doc.publicKeyPem;
    const keys = Array.isArray(doc.publicKey) ? doc.publicKey : doc.publicKey ? [doc.publicKey] : [];
    return keys.find((k) => k.id === signer)?.publicKeyPem;
  }

  async function check(req: http.IncomingMessage, body: Buffer): Promise<string | undefined> {
    if ((await verifyDigestHeader(req, new Uint8Array(body), true)) !== true) return 'digest';
    const parsed = parseRequestSignature(req, { clockSkew: { now: new Date(), delay: 300_000, forward: 300_000 } });
    if (parsed.version !== 'draft') return 'not a draft signature';
    const pem = await publicKeyOf(parsed.value.keyId);
    if (!pem) return 'key not found';
    if (!(await verifyDraftSignature(parsed.value, pem))) return 'signature';
    return undefined;
  }

  async function send(args: { to: string; activity: unknown; date?: string; wrongKey?: boolean; as?: string; absoluteForm?: string }): Promise<{ status: number; body: string }> {
    const body = JSON.stringify(args.activity);
    const url = new URL(args.to);
    const request = { url: url.href, method: 'POST', headers: { date: args.date ?? new Date().toUTCString(), host: url.host, 'content-type': ACTIVITY_JSON, accept: ACTIVITY_JSON } as Record<string, string>, body };
    await genDigestHeaderBothRFC3230AndRFC9530(request, body, 'SHA-256');
    const signer = args.as ? `${origin}/users/${args.as}#main-key` : keyId;
    await signAsDraftToRequest(request, { keyId: signer, privateKeyPem: args.wrongKey ? other.privateKey : own.privateKey }, ['(request-target)', 'host', 'date', 'digest', 'content-type']);
    if (args.absoluteForm) {
      // The request line in absolute form (`POST http://elsewhere/path`), as a proxy would send it.
      return new Promise((resolve, reject) => {
        const out = http.request({ host: url.hostname, port: url.port, method: 'POST', path: `${args.absoluteForm}${url.pathname}`, headers: request.headers }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (c: Buffer) => parts.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString() }));
        });
        out.on('error', reject);
        out.end(body);
      });
    }
    const answer = await fetch(url, { method: 'POST', headers: request.headers, body });
    return { status: answer.status, body: await answer.text() };
  }

  const json = (res: http.ServerResponse, status: number, value: unknown, type = 'application/json') => {
    res.writeHead(status, { 'content-type': type });
    res.end(JSON.stringify(value));
  };

  http
    .createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const at = new URL(req.url ?? '/', origin).pathname;
        void (async () => {
          const account = /^\/users\/([a-z0-9]+)$/.exec(at)?.[1];
          if (req.method === 'GET' && account) return json(res, 200, actorOf(account), ACTIVITY_JSON);
          if (req.method === 'GET' && at === '/.well-known/webfinger') {
            return json(res, 200, { subject: `acct:watcher@${host}:${port}`, links: [{ rel: 'self', type: ACTIVITY_JSON, href: actorId }] }, 'application/jrd+json');
          }
          if (req.method === 'POST' && (/^\/users\/[a-z0-9]+\/inbox$/.test(at) || at === '/inbox')) {
            const reason = await check(req, body).catch((error: unknown) => String(error));
            received.push({ path: at, verified: !reason, reason, activity: JSON.parse(body.toString('utf8')) as Record<string, unknown> });
            return json(res, reason ? 401 : 202, {});
          }
          if (req.method === 'GET' && objects.has(at)) return json(res, 200, objects.get(at), ACTIVITY_JSON);
          if (req.method === 'POST' && at === '/_control/object') {
            const object = JSON.parse(body.toString('utf8')) as { id: string };
            objects.set(new URL(object.id).pathname, { '@context': AS_CONTEXT, ...object });
            return json(res, 200, {});
          }
          if (req.method === 'GET' && at === '/_control/received') return json(res, 200, received);
          if (req.method === 'POST' && at === '/_control/send') return json(res, 200, await send(JSON.parse(body.toString('utf8'))));
          return json(res, 404, {});
        })().catch((error: unknown) => json(res, 500, { error: String(error) }));
      });
    })
    .listen(port, host, () => process.stdout.write(`listening ${origin}\n`));
}

/** The peer as a test holds it: its actor's address, and what it can be asked to do. */
export class ApPeer {
  private constructor(
    readonly origin: string,
    private readonly child: ChildProcess,
  ) {}

  get actorId(): string {
    return `${this.origin}/users/watcher`;
  }

  /** The address of one of the peer's accounts. */
  accountId(name: string): string {
    return `${this.origin}/users/${name}`;
  }

  /** A new activity id on the peer. */
  newId(kind: string): string {
    return `${this.origin}/activities/${kind}-${randomUUID()}`;
  }

  static async start(host: string, port: number): Promise<ApPeer> {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), host, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('listening')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`The peer exited (${code}).`)));
    });
    return new ApPeer(`http://${host}:${port}`, child);
  }

  /** Signs `activity` (as the watcher, or the account `as`; or with a key it does not publish, or another date) and posts it to `to`. */
  async send(to: string, activity: unknown, options: { date?: string; wrongKey?: boolean; as?: string; absoluteForm?: string } = {}): Promise<{ status: number; body: string }> {
    const answer = await fetch(`${this.origin}/_control/send`, { method: 'POST', body: JSON.stringify({ to, activity, ...options }) });
    return (await answer.json()) as { status: number; body: string };
  }

  /** Serves `object` at its id (an address on the peer) from now on. */
  async publish(object: { id: string }): Promise<void> {
    await fetch(`${this.origin}/_control/object`, { method: 'POST', body: JSON.stringify(object) });
  }

  async received(): Promise<Received[]> {
    return (await (await fetch(`${this.origin}/_control/received`)).json()) as Received[];
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) serve(process.argv[2]!, Number(process.argv[3]));
