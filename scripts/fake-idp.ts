/**
 * npm run fake-idp — two local OpenID Connect providers for trying "Continue with Google" and
 * "Continue with Microsoft" by hand, without registering anything anywhere: one plays Google,
 * one Microsoft's multi-tenant `common` endpoint (the same fakes the tests use). It prints the
 * variables to start Hubbub with and runs until Ctrl-C.
 *
 * The providers sign in without asking: whoever was named last. Change who with
 *   curl -X POST http://127.0.0.1:9101/__fake/sign-in-as -H 'content-type: application/json' \
 *        -d '{"sub":"ann-1","email":"ann@example.test","email_verified":true,"name":"Ann"}'
 * (Microsoft, port 9102, takes "tid", "oid" and "xms_edov" instead of "email_verified"), and see what they
 * were asked with curl http://127.0.0.1:9101/__fake/calls (token requests, revocations, ends of session).
 * FAKE_GOOGLE_PORT and FAKE_MICROSOFT_PORT change the ports (9101, 9102).
 */
import { FAKE_MS_TENANT, FakeIdp } from '../apps/server/test/support/fake-idp.js';
import { fakeEnv } from '../apps/server/test/support/external-auth.js';

const google = await FakeIdp.start('google', Number(process.env.FAKE_GOOGLE_PORT ?? 9101));
const microsoft = await FakeIdp.start('microsoft', Number(process.env.FAKE_MICROSOFT_PORT ?? 9102));
// By hand, Microsoft vouches for its person's email (the optional xms_edov claim): Hubbub makes no account from an email nobody vouches for.
microsoft.signInAs({ sub: 'ms-pairwise-1', tid: FAKE_MS_TENANT, oid: '00000000-0000-0000-0000-00000000a001', email: 'person1@contoso.test', name: 'Person One', xms_edov: true });
const env = Object.entries(fakeEnv(google, microsoft))
  .map(([k, v]) => `${k}=${v}`)
  .join(' \\\n  ');

process.stdout.write(`Local providers running:
  Google     ${google.issuerUrl}   (signs in person1@example.test, email verified)
  Microsoft  ${microsoft.issuerUrl}   (signs in person1@contoso.test, email vouched for by xms_edov)

Start Hubbub with them (in another terminal):
  ${env} \\
  npm start

Then open http://localhost:8080/login. Ctrl-C stops the providers.
`);

const stop = () => {
  void Promise.all([google.stop(), microsoft.stop()]).then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
