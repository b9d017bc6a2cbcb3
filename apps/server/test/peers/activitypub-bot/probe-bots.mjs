// The bots config of the activitypub.bot peer (its --bots-config-file). activitypub.bot does the
// ActivityPub work: actors, WebFinger, signing what it sends and checking the signatures of what it
// takes, delivery and its retries, following and being followed. The probe bots only record what
// reaches them, and act when the test asks them to over a control port on loopback: follow an actor,
// stop following, or do an activity, which the server then signs and delivers as its own.
import http from 'node:http';
import { Bot } from '@evanp/activitypub-bot';

class ProbeBot extends Bot {
  /** Every activity delivered to this bot, as the server took it in (compacted JSON-LD). */
  received = [];

  async handleActivity(activity) {
    this.received.push(await activity.export());
    // Not handled here: the server goes on to do what it does with it (an Accept of a Follow, a Follow).
    return false;
  }
}

const names = (process.env.PROBE_BOTS ?? 'ana,bo').split(',');
const bots = Object.fromEntries(names.map((name) => [name, new ProbeBot(name, { fullname: `${name[0].toUpperCase()}${name.slice(1)} the probe`, description: 'A probe bot of the federation tests' })]));

const readJson = async (req) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body ? JSON.parse(body) : {};
};

/** The control port's calls: POST /follow, /unfollow {bot, actor}; POST /do {bot, activity}; GET /received?bot=; GET /following?bot=&actor=. */
const control = async (req) => {
  const url = new URL(req.url, 'http://control');
  const input = req.method === 'POST' ? await readJson(req) : Object.fromEntries(url.searchParams);
  const bot = bots[input.bot];
  if (!bot) return [404, { error: `no bot ${input.bot}` }];
  const context = bot._context;
  switch (`${req.method} ${url.pathname}`) {
    case 'GET /received':
      return [200, bot.received];
    case 'GET /following': {
      const actor = await context.getObject(input.actor);
      return [200, { following: await context.isFollowing(actor), pending: await context.isPendingFollowing(actor) }];
    }
    case 'POST /follow':
      return [200, { id: (await context.followActor(await context.getObject(input.actor))).id }];
    case 'POST /unfollow':
      return [200, { id: (await context.unfollowActor(await context.getObject(input.actor))).id }];
    case 'POST /do':
      return [200, { id: (await context.doActivity(input.activity)).id }];
    default:
      return [404, { error: 'no such call' }];
  }
};

http
  .createServer((req, res) => {
    control(req)
      .catch((error) => [500, { error: String(error?.stack ?? error) }])
      .then(([status, body]) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
  })
  .listen(Number(process.env.PROBE_CONTROL_PORT), '127.0.0.1');

export default bots;
