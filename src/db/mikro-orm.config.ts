import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { Logger } from '../common/logger';
import { sanitizeErrorMessage } from '../common/logger';
import { Migration20261122000000_initial } from './migrations/Migration20261122000000_initial';
import { Migration20261123000000_rate_limits_audit } from './migrations/Migration20261123000000_rate_limits_audit';
import { Migration20261123100000_accounts } from './migrations/Migration20261123100000_accounts';
import { Migration20261123110000_queue_delivery } from './migrations/Migration20261123110000_queue_delivery';
import { Migration20261123120000_sip_calls } from './migrations/Migration20261123120000_sip_calls';
import { Migration20261123130000_campaigns } from './migrations/Migration20261123130000_campaigns';
import { Migration20261123140000_scale_indexes } from './migrations/Migration20261123140000_scale_indexes';
import { Migration20261123150000_carrier_connections } from './migrations/Migration20261123150000_carrier_connections';
import { Migration20261124000000_queue_workers_logged } from './migrations/Migration20261124000000_queue_workers_logged';
import { Migration20261126000000_canonical_phone_numbers } from './migrations/Migration20261126000000_canonical_phone_numbers';
import { Migration20261127000000_call_turns } from './migrations/Migration20261127000000_call_turns';
import { Migration20261128000000_twilio_gather_clarifications } from './migrations/Migration20261128000000_twilio_gather_clarifications';
import { Migration20261129100000_agent_settings } from './migrations/Migration20261129100000_agent_settings';
import { Migration20261129200000_call_transfer } from './migrations/Migration20261129200000_call_transfer';
import { Migration20261129250000_inbound_calls } from './migrations/Migration20261129250000_inbound_calls';
import { Migration20261129300000_call_amd } from './migrations/Migration20261129300000_call_amd';
import { Migration20261129350000_dashboard } from './migrations/Migration20261129350000_dashboard';
import { Migration20261129400000_webhook_parked } from './migrations/Migration20261129400000_webhook_parked';
import { Migration20261129460000_analytics_rollups } from './migrations/Migration20261129460000_analytics_rollups';
import { Migration20261129491000_analytics_shards } from './migrations/Migration20261129491000_analytics_shards';
import { Migration20261129520000_analytics_unfolded_index } from './migrations/Migration20261129520000_analytics_unfolded_index';

/** The entity classes the features define (src/entities.ts lists them). */
export type EntityList = NonNullable<Options['entities']>;

/**
 * Explicit `type:` on every property means no reflection package is needed, and the imported
 * migrationsList means compiled and ts-run code (dist, jest) see the same migrations.
 */
export function ormConfig(opts: { url: string; poolSize: number; entities: EntityList; debug?: boolean; log?: Logger }): Options {
  return defineConfig({
    clientUrl: opts.url,
    entities: opts.entities,
    extensions: [Migrator],
    debug: opts.debug ?? false,
    allowGlobalContext: false,
    forceUtcTimezone: true,
    discovery: { warnWhenNoEntities: false },
    // Fail fast when the database is down: the API answers 503 instead of hanging.
    pool: {
      min: 0,
      max: opts.poolSize,
      idleTimeoutMillis: 30_000,
      acquireTimeoutMillis: 3000,
      createTimeoutMillis: 3000,
      propagateCreateError: true,
    },
    driverOptions: { connection: { connectionTimeoutMillis: 3000, statement_timeout: 30_000, keepAlive: true }, ...(opts.log ? { log: knexLog(opts.log) } : {}) },
    ...(opts.log ? { logger: ormLogger(opts.log) } : {}),
    schemaGenerator: { ignoreSchema: ['graphile_worker'] },
    migrations: {
      tableName: 'mikro_orm_migrations',
      transactional: true,
      silent: true,
      allOrNothing: true,
      migrationsList: [
        { name: 'Migration20261122000000_initial', class: Migration20261122000000_initial },
        { name: 'Migration20261123000000_rate_limits_audit', class: Migration20261123000000_rate_limits_audit },
        { name: 'Migration20261123100000_accounts', class: Migration20261123100000_accounts },
        { name: 'Migration20261123110000_queue_delivery', class: Migration20261123110000_queue_delivery },
        { name: 'Migration20261123120000_sip_calls', class: Migration20261123120000_sip_calls },
        { name: 'Migration20261123130000_campaigns', class: Migration20261123130000_campaigns },
        { name: 'Migration20261123140000_scale_indexes', class: Migration20261123140000_scale_indexes },
        { name: 'Migration20261123150000_carrier_connections', class: Migration20261123150000_carrier_connections },
        { name: 'Migration20261124000000_queue_workers_logged', class: Migration20261124000000_queue_workers_logged },
        { name: 'Migration20261126000000_canonical_phone_numbers', class: Migration20261126000000_canonical_phone_numbers },
        { name: 'Migration20261127000000_call_turns', class: Migration20261127000000_call_turns },
        { name: 'Migration20261128000000_twilio_gather_clarifications', class: Migration20261128000000_twilio_gather_clarifications },
        { name: 'Migration20261129100000_agent_settings', class: Migration20261129100000_agent_settings },
        { name: 'Migration20261129200000_call_transfer', class: Migration20261129200000_call_transfer },
        { name: 'Migration20261129250000_inbound_calls', class: Migration20261129250000_inbound_calls },
        { name: 'Migration20261129300000_call_amd', class: Migration20261129300000_call_amd },
        { name: 'Migration20261129350000_dashboard', class: Migration20261129350000_dashboard },
        { name: 'Migration20261129400000_webhook_parked', class: Migration20261129400000_webhook_parked },
        { name: 'Migration20261129460000_analytics_rollups', class: Migration20261129460000_analytics_rollups },
        { name: 'Migration20261129491000_analytics_shards', class: Migration20261129491000_analytics_shards },
        { name: 'Migration20261129520000_analytics_unfolded_index', class: Migration20261129520000_analytics_unfolded_index },
      ],
    },
  });
}

/**
 * knex writes pool chatter with console.log ("Connection Error: ..." whenever a pooled connection
 * dies, e.g. during a database restart). The failure that matters reaches the caller as an error
 * and is logged there; this chatter goes to our logger at debug level, sanitized like any message.
 */
function knexLog(log: Logger) {
  const child = log.child({ component: 'knex' });
  const write = (message: unknown) => child.debug(sanitizeErrorMessage(typeof message === 'string' ? message : JSON.stringify(message)));
  return { debug: write, warn: write, error: write, deprecate: write };
}

/** MikroORM's own messages (only written when `debug` is on) go to our logger instead of the console. */
function ormLogger(log: Logger): (message: string) => void {
  const child = log.child({ component: 'orm' });
  return (message) => child.debug(sanitizeErrorMessage(message));
}
