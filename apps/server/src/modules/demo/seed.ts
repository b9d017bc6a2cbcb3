import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { randomToken } from '../../lib/secrets.js';
import { setDemoPlan } from '../subscription/service.js';
import { countUsers, insertUser, seedFollow, seedProfile } from '../users/service.js';
import { demoCredentialsText, recordDemoCredentials } from './credentials-file.js';

const DEMO_PEOPLE = [
  { email: 'demo@hubbub.local', name: 'Dana Demo', bio: 'I host community events around Kansas City: rooftop jazz, potlucks, a sunrise 5K and the First Friday art walk.', location: 'Kansas City, MO' },
  { email: 'river@hubbub.local', name: 'River Okafor', bio: 'Saxophonist. My trio plays the Green Room every night, and the stage is open after our set.', location: 'Chicago, IL' },
  { email: 'maya@hubbub.local', name: 'Maya Lindqvist', bio: 'I run the Eastside Farmers Market and the Rainey Street food truck rallies.', location: 'Austin, TX' },
];

/**
 * On the first start of a tenant with no users, creates verified demo people and prints the
 * login; the password is random, one per tenant, and kept in DATA_DIR/demo-credentials.txt with
 * the other tenants' (credentials-file.ts).
 */
export async function seedDemo(ctx: AppContext, tenant: { id: string; key: string }, log: FastifyBaseLogger): Promise<void> {
  if ((await countUsers(ctx.db, tenant.id)) > 0) return;
  const password = randomToken().slice(0, 16);
  const passwordHash = await ctx.passwords.hash(password);
  const now = ctx.now();
  const ids: string[] = [];
  for (const person of DEMO_PEOPLE) {
    const user = await insertUser(ctx.db, { tenantId: tenant.id, email: person.email, name: person.name, passwordHash, emailVerifiedAt: now });
    await seedProfile({ ctx, tenantId: tenant.id, userId: user.id, name: person.name, bio: person.bio, location: person.location });
    ids.push(user.id);
  }
  // Every feature on, so a newcomer can try everything; the app says it is a demo account.
  await setDemoPlan(ctx.db, ids.map((id) => ({ id, tenantId: tenant.id })), 'Enterprise', now);
  await seedFollow({ ctx, tenantId: tenant.id, followerId: ids[1], followeeId: ids[0] });
  await seedFollow({ ctx, tenantId: tenant.id, followerId: ids[2], followeeId: ids[0] });
  const credentials = { tenant: tenant.key, password, emails: DEMO_PEOPLE.map((p) => p.email) };
  const file = await recordDemoCredentials({ dataDir: ctx.config.dataDir, credentials });
  const text = demoCredentialsText(credentials);
  // Printed on purpose: this is the newcomer's way in on a fresh local install.
  process.stdout.write(`\n${text}(kept in ${file})\n\n`);
  log.info({ file }, 'demo accounts created');
}
