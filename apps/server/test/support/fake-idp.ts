import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';
import { SignJWT, decodeJwt, generateKeyPair } from 'jose';

/**
 * A local OpenID Connect provider for tests and for trying external sign-in by hand:
 * oauth2-mock-server (8.x runs on Node 20) on 127.0.0.1, shaped like the real one it stands for:
 *   - 'google': issuer = its base URL, a revocation endpoint, no end-session endpoint;
 *   - 'microsoft': Microsoft's multi-tenant `common` endpoint, whose discovery names the issuer
 *     template {base}/{tenantid}/v2.0 while each ID token names its own tenant (tid, oid);
 *     an end-session endpoint, no revocation endpoint.
 * It signs in whoever `signInAs` named (each code remembers who), records revocations, ends of
 * session and token requests, and can tamper with the next ID token. The same controls are
 * served over HTTP under /__fake/ for other processes (the e2e suite, scripts/fake-idp.ts).
 */

export interface FakeIdentity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  /** Microsoft */
  tid?: string;
  oid?: string;
  preferred_username?: string;
  login_hint?: string;
  xms_edov?: boolean;
}

export type Tamper = 'wrong-aud' | 'expired' | 'wrong-nonce' | 'wrong-iss' | 'unknown-key' | 'forged-signature' | 'tid-iss-mismatch' | 'invalid-client';

export interface FakeCalls {
  revocations: { token: string; hint: string | null; clientId: string | null }[];
  endSessions: string[];
  tokenRequests: { clientId: string | null; secretSent: boolean; redirectUri: string | null }[];
}

export type FakeKind = 'google' | 'microsoft';

const MS_PATHS = {
  wellKnownDocument: '/common/v2.0/.well-known/openid-configuration',
  authorize: '/common/oauth2/v2.0/authorize',
  token: '/common/oauth2/v2.0/token',
  jwks: '/common/discovery/v2.0/keys',
  endSession: '/common/oauth2/v2.0/logout',
};

export const FAKE_MS_TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';

const DEFAULT_IDENTITY: Record<FakeKind, FakeIdentity> = {
  google: { sub: 'google-person-1', email: 'person1@example.test', email_verified: true, name: 'Person One' },
  microsoft: { sub: 'ms-pairwise-1', tid: FAKE_MS_TENANT, oid: '00000000-0000-0000-0000-00000000a001', email: 'person1@contoso.test', name: 'Person One' },
};

export class FakeIdp {
  readonly calls: FakeCalls = { revocations: [], endSessions: [], tokenRequests: [] };
  private current: FakeIdentity;
  private readonly byCode = new Map<string, FakeIdentity>();
  private tamper: Tamper | undefined;
  private pendingRogue: Promise<string> | undefined;
  /** Refuse the next revocation with this status (a provider that fails at logout). */
  failNextRevoke: number | undefined;

  private constructor(
    readonly kind: FakeKind,
    private readonly issuer: OAuth2Issuer,
    private readonly service: OAuth2Service,
    private readonly server: http.Server,
    readonly base: string,
  ) {
    this.current = DEFAULT_IDENTITY[kind];
  }

  /** What the app is configured with: GOOGLE_ISSUER or MICROSOFT_ISSUER. */
  get issuerUrl(): string {
    return this.kind === 'google' ? this.base : `${this.base}/common/v2.0`;
  }

  static async start(kind: FakeKind, port = 0): Promise<FakeIdp> {
    const issuer = new OAuth2Issuer();
    await issuer.keys.generate('RS256');
    const service = new OAuth2Service(issuer, kind === 'microsoft' ? MS_PATHS : undefined);
    const holder: { idp?: FakeIdp } = {};
    const server = http.createServer((req, res) => holder.idp?.handle(req, res));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The mock would name itself http://localhost:port, which Node may resolve to ::1.
    issuer.url = base;
    const idp = new FakeIdp(kind, issuer, service, server, base);
    idp.wire();
    holder.idp = idp;
    return idp;
  }

  /** The person signed in at the provider: the next authorization code is theirs. */
  signInAs(identity: FakeIdentity): void {
    this.current = identity;
  }

  tamperNext(t: Tamper): void {
    this.tamper = t;
  }

  reset(): void {
    this.calls.revocations.length = 0;
    this.calls.endSessions.length = 0;
    this.calls.tokenRequests.length = 0;
    this.tamper = undefined;
    this.failNextRevoke = undefined;
    this.current = DEFAULT_IDENTITY[this.kind];
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private issFor(identity: FakeIdentity): string {
    return this.kind === 'google' ? this.base : `${this.base}/${identity.tid}/v2.0`;
  }

  private wire(): void {
    this.service.on('beforeAuthorizeRedirect', ({ url }: { url: URL }) => {
      const code = url.searchParams.get('code');
      if (code) this.byCode.set(code, this.current);
    });
    this.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }, req: { body: { code?: string } }) => {
      const who = (req.body.code && this.byCode.get(req.body.code)) || this.current;
      // The mock's access token of a code grant has no aud; its ID token has the client id.
      const isIdToken = token.payload.aud !== undefined;
      Object.assign(token.payload, { ...who, iss: this.issFor(who) });
      if (!isIdToken) return;
      const now = Math.floor(Date.now() / 1000);
      switch (this.tamper) {
        case 'wrong-aud':
          token.payload.aud = 'someone-else';
          break;
        case 'expired':
          Object.assign(token.payload, { iat: now - 7200, nbf: now - 7200, exp: now - 3600 });
          break;
        case 'wrong-nonce':
          token.payload.nonce = 'not-the-nonce';
          break;
        case 'wrong-iss':
          token.payload.iss = 'http://127.0.0.1:9/evil';
          break;
        case 'tid-iss-mismatch':
          token.payload.iss = `${this.base}/00000000-0000-0000-0000-000000000bad/v2.0`;
          break;
      }
    });
    this.service.on('beforeResponse', (response: { body: Record<string, unknown>; statusCode: number }, req: { body: Record<string, string | undefined> }) => {
      this.calls.tokenRequests.push({ clientId: req.body.client_id ?? null, secretSent: Boolean(req.body.client_secret), redirectUri: req.body.redirect_uri ?? null });
      if (req.body.code) this.byCode.delete(req.body.code);
      const t = this.tamper;
      this.tamper = undefined;
      if (t === 'invalid-client') {
        // What a provider answers when the server's client secret is wrong.
        response.statusCode = 401;
        response.body = { error: 'invalid_client', error_description: 'The client secret is not valid.' };
        return;
      }
      if ((t !== 'unknown-key' && t !== 'forged-signature') || typeof response.body.id_token !== 'string') return;
      // Same claims, signed by a key the JWKS does not hold (under a kid it does not know, or its own kid).
      const claims = decodeJwt(response.body.id_token);
      const kid = t === 'forged-signature' ? this.issuer.keys.toJSON()[0].kid : 'rogue-key';
      this.pendingRogue = (async () => {
        const { privateKey } = await generateKeyPair('RS256');
        return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(privateKey);
      })();
    });
    this.service.on('beforeRevoke', (response: { statusCode: number }) => {
      if (this.failNextRevoke) {
        response.statusCode = this.failNextRevoke;
        this.failNextRevoke = undefined;
      }
    });
    this.service.on('beforePostLogoutRedirect', (_redirect: unknown, req: http.IncomingMessage) => {
      this.calls.endSessions.push(new URL(req.url ?? '/', this.base).href);
    });
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const path = (req.url ?? '/').split('?')[0];
    if (path.startsWith('/__fake/')) return void this.control(req, res, path);
    // The mock answers revocations without reading their form: record it first.
    if (req.method === 'POST' && path === '/revoke' && this.kind === 'google') {
      let raw = '';
      req.on('data', (d) => (raw += d));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        this.calls.revocations.push({ token: form.get('token') ?? '', hint: form.get('token_type_hint'), clientId: form.get('client_id') });
        this.service.requestHandler(req, res);
      });
      return;
    }
    // Shape the discovery document like the real provider's.
    if (path.endsWith('/.well-known/openid-configuration')) {
      this.rewriteJson(res, (doc) => {
        if (this.kind === 'google') {
          delete doc.end_session_endpoint;
        } else {
          doc.issuer = `${this.base}/{tenantid}/v2.0`;
          delete doc.revocation_endpoint;
        }
        return doc;
      });
    }
    if (req.method === 'POST' && path.endsWith('/token')) {
      this.rewriteJson(res, async (body) => {
        const rogue = this.pendingRogue;
        this.pendingRogue = undefined;
        return rogue ? { ...body, id_token: await rogue } : body;
      });
    }
    this.service.requestHandler(req, res);
  }

  /** Lets a JSON answer of the mock be changed before it is sent. */
  private rewriteJson(res: http.ServerResponse, change: (body: Record<string, unknown>) => Record<string, unknown> | Promise<Record<string, unknown>>): void {
    const end = res.end.bind(res) as (chunk?: unknown) => http.ServerResponse;
    res.end = ((chunk?: unknown) => {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(String(chunk));
      } catch {
        return end(chunk);
      }
      void Promise.resolve(change(body)).then((changed) => {
        const text = JSON.stringify(changed);
        res.setHeader('content-length', Buffer.byteLength(text));
        end(text);
      });
      return res;
    }) as typeof res.end;
  }

  /** GET /__fake/calls; POST /__fake/sign-in-as (a FakeIdentity), /__fake/reset. */
  private control(req: http.IncomingMessage, res: http.ServerResponse, path: string): void {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'GET' && path === '/__fake/calls') return reply(200, this.calls);
      if (req.method === 'POST' && path === '/__fake/sign-in-as') {
        this.signInAs(JSON.parse(raw) as FakeIdentity);
        return reply(200, { ok: true });
      }
      if (req.method === 'POST' && path === '/__fake/reset') {
        this.reset();
        return reply(200, { ok: true });
      }
      reply(404, { error: 'unknown control' });
    });
  }
}
