/**
 * The subscription flood (bench/lib/subscription-flood.ts) in a process of its own, so that reading
 * and parsing the events it is sent does not slow the bench's load generator. Settings from the
 * environment: FLOOD_URL (ws://…/graphql), FLOOD_TOKEN (a dashboard JWT), FLOOD_SOCKETS,
 * FLOOD_SUBSCRIPTIONS; its counts are written to RESULT_FILE every second and when it is stopped
 * (SIGTERM).
 */
import { writeFileSync } from 'node:fs';
import { startSubscriptionFlood } from '../lib/subscription-flood';

const env = (name: string): string => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is required`);
  return v;
};
const file = env('RESULT_FILE');
const flood = startSubscriptionFlood({
  url: env('FLOOD_URL'),
  token: env('FLOOD_TOKEN'),
  sockets: Number(env('FLOOD_SOCKETS')),
  subscriptionsPerSocket: Number(process.env.FLOOD_SUBSCRIPTIONS ?? 25),
});
const save = () => writeFileSync(file, JSON.stringify(flood.stats));
const saver = setInterval(save, 1000);
process.once('SIGTERM', () => {
  clearInterval(saver);
  flood.stop();
  save();
  process.exit(0);
});
