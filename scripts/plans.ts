/**
 * npm run plans — the operator's plan controls: list the catalogue and who is on what, set an
 * account's plan and add-ons, set the Stripe price of a plan or add-on. Works while the server
 * runs (it asks the server, authenticated by DATA_DIR/operator.json) and when it does not (it
 * opens the database). Reads the same environment as the server (DATA_DIR, DATABASE_URL, TENANTS).
 *
 *   npm run plans -- list
 *   npm run plans -- set ann@example.org Pro --add-on Download.HTML --tenant hubbub
 *   npm run plans -- price Pro month price_1Q...
 */
import { runPlansCommand } from '../apps/server/src/modules/subscription/plans-command.js';

const { code, out } = await runPlansCommand(process.argv.slice(2));
(code === 0 ? process.stdout : process.stderr).write(`${out}\n`);
process.exit(code);
