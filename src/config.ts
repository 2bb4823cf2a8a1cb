import { randomBytes } from 'node:crypto';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { parseDuration, parseDurationList } from './common/duration';
import { phoneNumberSchema } from './common/phone';
import { readOrCreateSecrets } from './common/secrets-file';

/**
 * The one place that reads the environment. Parsed once, typed, frozen; a bad value stops
 * start-up with a message naming the variable (docs/operations.md, "Configuration").
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const isCidr = (text: string): boolean => {
  try {
    ipaddr.parseCIDR(text);
    return true;
  } catch {
    return false;
  }
};

/** `ip`, `ipv4:port` or `[ipv6]:port`, as dns.Resolver#setServers takes them. */
const isDnsServer = (text: string): boolean => {
  const m = /^(?:\[([^\]]+)\]|([^:\[\]]+))(?::(\d{1,5}))?$/.exec(text);
  if (!m && ipaddr.IPv6.isValid(text)) return true;
  if (!m) return false;
  const host = m[1] ?? m[2]!;
  const port = m[3] === undefined ? 53 : Number(m[3]);
  return (m[1] ? ipaddr.IPv6.isValid(host) : ipaddr.IPv4.isValidFourPartDecimal(host)) && port >= 1 && port <= 65535;
};

const duration = z.string().transform((v, ctx) => {
  try {
    return parseDuration(v);
  } catch (e) {
    ctx.addIssue({ code: 'custom', message: (e as Error).message });
    return z.NEVER;
  }
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  DB_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  JWT_SECRET: z.string().optional(),
  JWT_EXPIRE_HOURS: z.coerce.number().positive().max(24 * 365).default(72),
  PLATFORM_ADMIN_EMAILS: z.string().default(''),
  SECRETS_ENCRYPTION_KEY: z.string().optional(),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(15),
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default('5s,5m,30m,2h,5h,10h,10h')
    .transform((v, ctx) => {
      try {
        const list = parseDurationList(v);
        if (list.length === 0) throw new Error('at least one retry delay is needed');
        return list;
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: (e as Error).message });
        return z.NEVER;
      }
    }),
  /** Minimum wait after a 429 or a timeout (docs/webhooks.md, "Delivery and retries": 60 s; tests scale it down). */
  WEBHOOK_RETRY_FLOOR: duration.default(60_000),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: bool.default(false),
  /** Attempts in flight to one destination (origin) per worker process (docs/queue-and-delivery.md). */
  WEBHOOK_MAX_CONCURRENCY_PER_DESTINATION: z.coerce.number().int().min(1).max(1000).default(16),
  /** Attempts in flight per worker process, all destinations together. */
  WEBHOOK_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(10_000).default(512),
  /** An organization's endpoint failing without a success for this long is disabled (0: never). */
  WEBHOOK_DISABLE_AFTER: duration.default(5 * 86_400_000),
  /** Platform-wide admin stats are reused this long (exact counts over millions of rows are slow). */
  ADMIN_STATS_CACHE: duration.default(5000),
  /** Delivery payloads and attempts older than this are purged (0: kept for ever). */
  WEBHOOK_RETENTION: duration.default(30 * 86_400_000),
  /** How often the purge runs, and how many rows one of its statements touches at most. */
  WEBHOOK_PURGE_INTERVAL: duration.default(60_000),
  WEBHOOK_PURGE_BATCH: z.coerce.number().int().min(1).max(100_000).default(1000),
  CARRIER: z.enum(['simulator', 'sip', 'twilio']).default('simulator'),
  /** Organizations may point a SIP connection at private addresses only when this is true. */
  CARRIER_ALLOW_PRIVATE_NETWORKS: bool.default(false),
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio Account SID (AC followed by 32 hex characters)').optional(),
  TWILIO_AUTH_TOKEN: z.string().min(8).optional(),
  /** Where Twilio's REST API is (tests point it at a local far end). */
  TWILIO_API_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.twilio.com'),
  /** The deployment's default SIP trunk: sip:user:password@host:port;transport=udp */
  SIP_TRUNK_URL: z.string().regex(/^sips?:/, 'must be a sip: URI such as sip:user:password@host:5060;transport=udp').optional(),
  SIP_BIND_ADDRESS: z.string().min(1).default('0.0.0.0'),
  SIP_PORT: z.coerce.number().int().min(0).max(65535).default(5060),
  SIP_PUBLIC_ADDRESS: z.string().min(1).optional(),
  /** DNS servers (`ip` or `ip:port`, comma-separated) that resolve SIP trunk host names instead of the system resolver. */
  SIP_DNS_SERVERS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const servers = v.split(',').map((s) => s.trim()).filter(Boolean);
      const bad = servers.find((s) => !isDnsServer(s));
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `must be a comma list of IP addresses with optional ports, such as 10.0.0.2 or 10.0.0.2:53 or [2001:db8::1]:53 (got "${bad}")` });
        return z.NEVER;
      }
      return servers;
    }),
  RTP_PORT_MIN: z.coerce.number().int().min(1024).max(65534).default(10000),
  RTP_PORT_MAX: z.coerce.number().int().min(1025).max(65535).default(20000),
  // Canonical E.164, like every number a request carries (docs/api.md, "Phone numbers").
  CALLER_ID: phoneNumberSchema.optional(),
  /** How long a live call's lease lasts; a worker that dies leaves its calls to fail after this. */
  SIP_CALL_LEASE: duration.default(30_000),
  /** The nice value of the media thread that paces RTP (below 0 needs CAP_SYS_NICE; refused, it keeps 0). */
  RTP_THREAD_PRIORITY: z.coerce.number().int().min(-20).max(19).default(-10),
  STT_ENGINE: z.enum(['pocketsphinx', 'openai', 'deepgram', 'none']).default('pocketsphinx'),
  /** Silence that ends the callee's turn (open speech, or an answer not yet complete). */
  VOICE_END_SILENCE: duration.default(800),
  /** Silence that ends the turn once what was heard is a complete answer (or an intent); ≥ VOICE_END_SILENCE turns the early end off. */
  VOICE_QUICK_END_SILENCE: duration.default(300),
  /** Callee speech over a prompt that stops it; 0 turns barge-in off. */
  VOICE_BARGE_IN: duration.default(200),
  /** http(s) for the OpenAI-compatible endpoint; ws(s) (or http(s), read as ws(s)) for the Deepgram live API. */
  STT_URL: z.url({ protocol: /^(https?|wss?)$/ }).optional(),
  STT_API_KEY: z.string().optional(),
  /** Default per engine: whisper-1 (openai), nova-3 (deepgram). */
  STT_MODEL: z.string().min(1).optional(),
  /** Deepgram's `endpointing`: the silence after which it marks a result `speech_final`. */
  STT_ENDPOINTING: duration.default(300),
  /** pocketsphinx: Debian's 16 kHz model as a second opinion when it is installed (`auto`), or never (`off`); docs/voice.md, "Fifth round". */
  STT_SECOND_OPINION: z.enum(['auto', 'off']).default('auto'),
  /** pocketsphinx: the answers it is unsure of heard again by the neural model (Moonshine, in the npm dependencies; STT_NEURAL_MODEL) (`auto`), or never (`off`); docs/voice.md, "A neural second opinion". */
  STT_NEURAL_OPINION: z.enum(['auto', 'off']).default('auto'),
  /** How long an answer waits for the neural opinion once the model is loaded; past it the answer stays as PocketSphinx heard it. */
  STT_NEURAL_DEADLINE: duration.default(2000),
  /** pocketsphinx: the neural opinion's model: Moonshine Tiny (27M parameters), or Base (61M: a little more accurate, twice the CPU); docs/voice.md, "Twelfth round". */
  STT_NEURAL_MODEL: z.enum(['tiny', 'base']).default('tiny'),
  /** The default: the local voice heard best on the phone line (docs/voice.md, "Voices"); eSpeak NG when flite is not installed. */
  TTS_ENGINE: z.enum(['espeak', 'flite', 'pico', 'festival', 'openai']).default('flite'),
  TTS_URL: z.url({ protocol: /^https?$/ }).optional(),
  TTS_API_KEY: z.string().optional(),
  TTS_MODEL: z.string().min(1).default('tts-1'),
  /** Engine-specific; default per engine (see TTS_VOICES). */
  TTS_VOICE: z.string().min(1).max(64).optional(),
  /** Optional OpenAI-compatible chat-completions endpoint that extracts free-text answers. */
  LLM_URL: z.url({ protocol: /^https?$/ }).optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  SIMULATOR_SPEEDUP: z.coerce.number().positive().max(1_000_000).default(60),
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** smtp://user:pass@host:port (smtps:// for TLS); unset = .eml files under DATA_DIR/mail (docs/accounts.md). */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('voicegate <no-reply@localhost>'),
  RECORDING_URL_TTL: duration.default(7 * 86_400_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FILE: z.string().optional(),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(16),
  /** How often the worker looks for stuck calls and orphaned deliveries. */
  SWEEP_INTERVAL: duration.default(10_000),
  /** A queue job locked longer than this by a runner that never sent a heartbeat (and predates no PostgreSQL restart) is released. */
  STALE_JOB_LOCK: duration.default(120_000),
  /** How often each queue runner proves it is alive (docs/queue-and-delivery.md). */
  WORKER_HEARTBEAT: duration.default(1000),
  /** How often a worker looks at graphile-worker's job table, vacuuming it once it holds enough dead rows (0: leave it to autovacuum); docs/queue-and-delivery.md. */
  QUEUE_VACUUM_INTERVAL: duration.default(5000),
  /** A runner silent for this long is dead: its jobs, and its process's webhook attempts in flight, go to the others (docs/operations.md, "Crash recovery"). */
  WORKER_DEAD_AFTER: duration.default(10_000),
  /** Grace after max_duration_seconds before a call is declared stuck and failed. */
  STUCK_CALL_MARGIN: duration.default(120_000),
  CORS_ORIGINS: z.string().default(''),
  /**
   * Which peers may set X-Forwarded-For (express `trust proxy`): `false` (none), `true` (every
   * peer: only when nothing can reach the app but the proxy), a hop count, or a comma list of
   * addresses, subnets and the names loopback, linklocal, uniquelocal.
   */
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .transform((v, ctx): boolean | number | string => {
      const t = v.trim().toLowerCase();
      if (t === 'false' || t === 'none') return false;
      if (t === 'true') return true;
      if (/^\d+$/.test(t)) return Number(t);
      const entries = t.split(',').map((s) => s.trim()).filter(Boolean);
      const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
      const bad = entries.find((e) => !named.has(e) && !ipaddr.isValid(e) && !isCidr(e));
      if (bad !== undefined || entries.length === 0) {
        ctx.addIssue({ code: 'custom', message: `must be true, false, a hop count, or addresses/subnets/loopback/linklocal/uniquelocal (got "${bad ?? v}")` });
        return z.NEVER;
      }
      return entries.join(',');
    }),
  BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(10),
  RATE_LIMIT_ENABLED: bool.default(true),
  RATE_LIMIT_API_KEY_PER_MINUTE: z.coerce.number().int().positive().default(6000),
  /** Length of the API-key quota's window; a minute unless a test needs a short one. */
  RATE_LIMIT_API_KEY_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  RATE_LIMIT_LOGIN_IP_PER_15_MIN: z.coerce.number().int().positive().default(100),
  RATE_LIMIT_LOGIN_EMAIL_PER_15_MIN: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_SIGNUP_IP_PER_HOUR: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_SIGNUP_EMAIL_PER_HOUR: z.coerce.number().int().positive().default(5),
  /** Carrier connection tests (POST /dashboard/carrier/test) per organization per 10 minutes. */
  RATE_LIMIT_CARRIER_TEST_PER_10_MIN: z.coerce.number().int().positive().default(10),
  /** Account mails to one address per hour (unset: RATE_LIMIT_SIGNUP_EMAIL_PER_HOUR, which capped them before). */
  RATE_LIMIT_MAIL_EMAIL_PER_HOUR: z.coerce.number().int().positive().optional(),
  /** Account mails caused by one organization per hour (invitations, members' verifications, notices). */
  RATE_LIMIT_MAIL_ORG_PER_HOUR: z.coerce.number().int().positive().default(100),
  MAX_QUEUED_CALLS_PER_ORG: z.coerce.number().int().positive().default(1000),
  /** Recipients one campaign may hold, whatever their status (docs/campaigns.md, "Limits"). */
  MAX_RECIPIENTS_PER_CAMPAIGN: z.coerce.number().int().positive().default(100_000),
  /** Recipients still waiting for a call (status pending) across an organization's campaigns. */
  MAX_PENDING_RECIPIENTS_PER_ORG: z.coerce.number().int().positive().default(250_000),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(2).max(50).default(10),
  GRAPHQL_MAX_COST: z.coerce.number().int().min(10).default(5000),
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(1).default(15),
  /** Introspection and "Did you mean …" hints; default: on outside production, off in production. */
  GRAPHQL_INTROSPECTION: bool.optional(),
  /** Operations (subscriptions, and queries while they run) open at once on one GraphQL WebSocket. */
  GRAPHQL_WS_MAX_SUBSCRIPTIONS: z.coerce.number().int().min(1).max(10_000).default(20),
  /** GraphQL WebSockets one user, and one organization, may hold open on one API process. */
  GRAPHQL_WS_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(10),
  GRAPHQL_WS_MAX_SOCKETS_PER_ORG: z.coerce.number().int().min(1).max(100_000).default(50),
  /** Bytes one GraphQL WebSocket may hold unsent (its send buffer and its waiting events); past it the socket closes with 4008. */
  GRAPHQL_WS_MAX_BUFFERED_BYTES: z.coerce.number().int().min(16 * 1024).max(1024 * 1024 * 1024).default(2 * 1024 * 1024),
  /** Time allowed to receive a request's headers (slow-header clients are cut off after it). */
  HTTP_HEADERS_TIMEOUT: duration.default(10_000),
  /** Time allowed to receive a whole request, headers and body. */
  HTTP_REQUEST_TIMEOUT: duration.default(30_000),
  /** Open connections allowed from one client address; 0 turns the cap off. */
  HTTP_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(256),
  /** `/` redirects to the dashboard at /app; default: on outside production, off in production. */
  DASHBOARD_AT_ROOT: bool.optional(),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  dbPoolSize: number;
  jwtSecret: string;
  jwtExpireHours: number;
  platformAdminEmails: ReadonlySet<string>;
  secretsEncryptionKey: Buffer;
  webhookTimeoutMs: number;
  webhookRetryScheduleMs: readonly number[];
  webhookRetryFloorMs: number;
  webhookAllowPrivateNetworks: boolean;
  webhookMaxConcurrencyPerDestination: number;
  adminStatsCacheMs: number;
  webhookMaxInFlight: number;
  webhookDisableAfterMs: number;
  webhookRetentionMs: number;
  webhookPurgeIntervalMs: number;
  webhookPurgeBatch: number;
  carrier: 'simulator' | 'sip' | 'twilio';
  carrierAllowPrivateNetworks: boolean;
  sip: SipConfig;
  twilio: TwilioConfig;
  stt: SttConfig;
  tts: TtsConfig;
  /** The conversation's waits (docs/voice.md, "The conversation"). */
  voice: { endSilenceMs: number; quickEndSilenceMs: number; bargeInMs: number };
  llm?: { url: string; apiKey?: string; model: string };
  simulatorSpeedup: number;
  publicBaseUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  recordingUrlTtlMs: number;
  logLevel: string;
  logFile?: string;
  role: 'all' | 'api' | 'worker';
  workerConcurrency: number;
  sweepIntervalMs: number;
  staleJobLockMs: number;
  workerHeartbeatMs: number;
  queueVacuumIntervalMs: number;
  workerDeadAfterMs: number;
  stuckCallMarginMs: number;
  corsOrigins: readonly string[];
  trustProxy: boolean | number | string;
  bcryptCost: number;
  graphqlLimits: { maxDepth: number; maxCost: number; maxAliases: number };
  graphqlIntrospection: boolean;
  graphqlWs: { maxSubscriptionsPerSocket: number; maxSocketsPerUser: number; maxSocketsPerOrg: number; maxBufferedBytes: number };
  http: { headersTimeoutMs: number; requestTimeoutMs: number; maxConnectionsPerIp: number };
  dashboardAtRoot: boolean;
  rateLimit: {
    enabled: boolean;
    apiKeyPerMinute: number;
    apiKeyWindowSeconds: number;
    loginIpPer15Min: number;
    loginEmailPer15Min: number;
    signupIpPerHour: number;
    signupEmailPerHour: number;
    carrierTestPer10Min: number;
    mailEmailPerHour: number;
    mailOrgPerHour: number;
    maxQueuedCallsPerOrg: number;
  };
  /** Campaign ceilings; they hold whatever RATE_LIMIT_ENABLED says. */
  campaignLimits: { maxRecipientsPerCampaign: number; maxPendingRecipientsPerOrg: number };
}

export interface SipConfig {
  trunkUrl?: string;
  bindAddress: string;
  port: number;
  publicAddress?: string;
  rtpPortMin: number;
  rtpPortMax: number;
  callerId?: string;
  callLeaseMs: number;
  /** The media thread's nice value (Linux: that thread's alone; lower runs first). */
  rtpThreadPriority?: number;
  /** Resolve trunk host names with these DNS servers (empty: the system resolver). */
  dnsServers: readonly string[];
}

export interface TwilioConfig {
  accountSid?: string;
  authToken?: string;
  apiBaseUrl: string;
}

export interface SttConfig {
  engine: 'pocketsphinx' | 'openai' | 'deepgram' | 'none';
  url?: string;
  apiKey?: string;
  model: string;
  /** Deepgram's end-of-speech silence (ms). */
  endpointingMs: number;
  /** pocketsphinx: a second acoustic model heard alongside when installed (`auto`, the default), or not (`off`). */
  secondOpinion?: 'auto' | 'off';
  /** pocketsphinx: the neural model hears the answers it is unsure of (`auto`, the default), or not (`off`). */
  neuralOpinion?: 'auto' | 'off';
  /** pocketsphinx: how long an answer waits for the neural opinion once its model is loaded (ms). */
  neuralDeadlineMs?: number;
  /** pocketsphinx: which Moonshine model gives the neural opinion (`tiny`, the default, or the larger `base`). */
  neuralModel?: 'tiny' | 'base';
}

export type TtsEngine = 'espeak' | 'flite' | 'pico' | 'festival' | 'openai';

export interface TtsConfig {
  engine: TtsEngine;
  url?: string;
  apiKey?: string;
  model: string;
  voice: string;
}

/**
 * The voices TTS_VOICE may name per engine, and each engine's default. Local voices reach a
 * command line (festival's a Scheme expression), so only names of these shapes pass.
 */
export const TTS_VOICES: Record<TtsEngine, { default: string; pattern: RegExp; says: string }> = {
  espeak: { default: 'en-us', pattern: /^[a-z]{2,3}(-[a-z0-9]{2,8})*(\+[a-z0-9]{1,12})?$/, says: 'an eSpeak NG voice such as en-us, en-gb or en-us+f3' },
  flite: { default: 'kal16', pattern: /^(slt|rms|awb|kal16|kal)$/, says: 'kal16, slt, rms, awb or kal' },
  pico: { default: 'en-US', pattern: /^(en-US|en-GB|de-DE|es-ES|fr-FR|it-IT)$/, says: 'en-US, en-GB, de-DE, es-ES, fr-FR or it-IT' },
  festival: { default: 'cmu_us_slt_arctic_hts', pattern: /^[a-z0-9_]{1,48}$/, says: 'a festival voice name such as cmu_us_slt_arctic_hts or kal_diphone' },
  openai: { default: 'alloy', pattern: /^[A-Za-z0-9_.-]{1,64}$/, says: 'a voice of the endpoint such as alloy' },
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** 32 bytes as 64 hex characters or base64/base64url. */
function decodeKey(text: string): Buffer | undefined {
  const t = text.trim();
  if (/^[0-9a-f]{64}$/i.test(t)) return Buffer.from(t, 'hex');
  const b = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return b.length === 32 ? b : undefined;
}

/** Outside production, missing secrets are generated once and kept in DATA_DIR/secrets.json (mode 0600). */
function loadOrCreateSecrets(dataDir: string): { JWT_SECRET: string; SECRETS_ENCRYPTION_KEY: string } {
  return readOrCreateSecrets(path.join(dataDir, 'secrets.json'), {
    JWT_SECRET: () => randomBytes(48).toString('base64url'),
    SECRETS_ENCRYPTION_KEY: () => randomBytes(32).toString('base64'),
  });
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Readonly<Config> {
  // Empty strings count as unset, as in most dotenv tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const production = e.NODE_ENV === 'production';

  let jwtSecret = e.JWT_SECRET;
  let encKeyText = e.SECRETS_ENCRYPTION_KEY;
  if (production) {
    if (!jwtSecret || jwtSecret.length < 32) {
      throw new ConfigError('JWT_SECRET must be set to at least 32 random characters when NODE_ENV=production.');
    }
    if (!encKeyText || !decodeKey(encKeyText)) {
      throw new ConfigError(
        'SECRETS_ENCRYPTION_KEY must be set to 32 random bytes (64 hex characters or base64) when NODE_ENV=production.',
      );
    }
  } else if (!jwtSecret || !encKeyText) {
    const generated = loadOrCreateSecrets(dataDir);
    jwtSecret ??= generated.JWT_SECRET;
    encKeyText ??= generated.SECRETS_ENCRYPTION_KEY;
  }
  const secretsEncryptionKey = decodeKey(encKeyText!);
  if (!secretsEncryptionKey) {
    throw new ConfigError('SECRETS_ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64.');
  }
  if (jwtSecret!.length < 16) throw new ConfigError('JWT_SECRET must be at least 16 characters.');
  if (e.CARRIER === 'sip' && !e.SIP_TRUNK_URL) throw new ConfigError('SIP_TRUNK_URL must be set when CARRIER=sip.');
  if (e.CARRIER === 'twilio' && (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN || !e.CALLER_ID)) {
    throw new ConfigError('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and CALLER_ID must be set when CARRIER=twilio.');
  }
  if (e.RTP_PORT_MIN > e.RTP_PORT_MAX) throw new ConfigError('RTP_PORT_MIN must not be above RTP_PORT_MAX.');
  if (e.VOICE_END_SILENCE < 200 || e.VOICE_END_SILENCE > 5000) throw new ConfigError('VOICE_END_SILENCE must be between 200ms and 5s.');
  if (e.VOICE_QUICK_END_SILENCE < 100 || e.VOICE_QUICK_END_SILENCE > 5000) throw new ConfigError('VOICE_QUICK_END_SILENCE must be between 100ms and 5s.');
  if (e.VOICE_BARGE_IN !== 0 && (e.VOICE_BARGE_IN < 60 || e.VOICE_BARGE_IN > 2000)) throw new ConfigError('VOICE_BARGE_IN must be 0 (off) or between 60ms and 2s.');
  // Each call takes an even port for RTP and the odd one above it for RTCP.
  if (e.RTP_PORT_MIN + (e.RTP_PORT_MIN % 2) + 1 > e.RTP_PORT_MAX) throw new ConfigError('RTP_PORT_MIN–RTP_PORT_MAX must hold at least one even port and the odd port above it (RTP and RTCP).');
  if (e.STT_ENGINE === 'openai' && !e.STT_URL) throw new ConfigError('STT_URL must be set when STT_ENGINE=openai.');
  if (e.STT_ENGINE === 'openai' && !/^https?:/.test(e.STT_URL!)) throw new ConfigError('STT_URL must be an http(s) URL when STT_ENGINE=openai.');
  if (e.STT_ENGINE === 'deepgram' && !e.STT_API_KEY && !e.STT_URL) throw new ConfigError('STT_API_KEY must be set when STT_ENGINE=deepgram (or STT_URL for a server that needs no key).');
  if (e.STT_ENDPOINTING < 10 || e.STT_ENDPOINTING > 5000) throw new ConfigError('STT_ENDPOINTING must be between 10ms and 5s.');
  if (e.STT_NEURAL_DEADLINE < 100 || e.STT_NEURAL_DEADLINE > 60_000) throw new ConfigError('STT_NEURAL_DEADLINE must be between 100ms and 60s.');
  if (e.TTS_ENGINE === 'openai' && !e.TTS_URL) throw new ConfigError('TTS_URL must be set when TTS_ENGINE=openai.');
  const ttsVoice = e.TTS_VOICE ?? TTS_VOICES[e.TTS_ENGINE].default;
  if (!TTS_VOICES[e.TTS_ENGINE].pattern.test(ttsVoice)) throw new ConfigError(`TTS_VOICE "${ttsVoice}" is not a ${e.TTS_ENGINE} voice (${TTS_VOICES[e.TTS_ENGINE].says}).`);

  const config: Config = {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    dbPoolSize: e.DB_POOL_SIZE,
    jwtSecret: jwtSecret!,
    jwtExpireHours: e.JWT_EXPIRE_HOURS,
    platformAdminEmails: new Set(
      e.PLATFORM_ADMIN_EMAILS.split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
    secretsEncryptionKey,
    webhookTimeoutMs: Math.round(e.WEBHOOK_TIMEOUT_SECONDS * 1000),
    webhookRetryScheduleMs: Object.freeze(e.WEBHOOK_RETRY_SCHEDULE),
    webhookRetryFloorMs: e.WEBHOOK_RETRY_FLOOR,
    webhookAllowPrivateNetworks: e.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    webhookMaxConcurrencyPerDestination: e.WEBHOOK_MAX_CONCURRENCY_PER_DESTINATION,
    adminStatsCacheMs: e.ADMIN_STATS_CACHE,
    webhookMaxInFlight: e.WEBHOOK_MAX_IN_FLIGHT,
    webhookDisableAfterMs: e.WEBHOOK_DISABLE_AFTER,
    webhookRetentionMs: e.WEBHOOK_RETENTION,
    webhookPurgeIntervalMs: e.WEBHOOK_PURGE_INTERVAL,
    webhookPurgeBatch: e.WEBHOOK_PURGE_BATCH,
    carrier: e.CARRIER,
    carrierAllowPrivateNetworks: e.CARRIER_ALLOW_PRIVATE_NETWORKS,
    twilio: { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, apiBaseUrl: e.TWILIO_API_BASE_URL.replace(/\/+$/, '') },
    sip: {
      trunkUrl: e.SIP_TRUNK_URL,
      bindAddress: e.SIP_BIND_ADDRESS,
      port: e.SIP_PORT,
      publicAddress: e.SIP_PUBLIC_ADDRESS,
      rtpPortMin: e.RTP_PORT_MIN,
      rtpPortMax: e.RTP_PORT_MAX,
      callerId: e.CALLER_ID,
      callLeaseMs: e.SIP_CALL_LEASE,
      rtpThreadPriority: e.RTP_THREAD_PRIORITY,
      dnsServers: e.SIP_DNS_SERVERS,
    },
    stt: {
      engine: e.STT_ENGINE,
      url: e.STT_URL ?? (e.STT_ENGINE === 'deepgram' ? 'wss://api.deepgram.com' : undefined),
      apiKey: e.STT_API_KEY,
      model: e.STT_MODEL ?? (e.STT_ENGINE === 'deepgram' ? 'nova-3' : 'whisper-1'),
      endpointingMs: e.STT_ENDPOINTING,
      secondOpinion: e.STT_SECOND_OPINION,
      neuralOpinion: e.STT_NEURAL_OPINION,
      neuralDeadlineMs: e.STT_NEURAL_DEADLINE,
      neuralModel: e.STT_NEURAL_MODEL,
    },
    tts: { engine: e.TTS_ENGINE, url: e.TTS_URL, apiKey: e.TTS_API_KEY, model: e.TTS_MODEL, voice: ttsVoice },
    voice: { endSilenceMs: e.VOICE_END_SILENCE, quickEndSilenceMs: e.VOICE_QUICK_END_SILENCE, bargeInMs: e.VOICE_BARGE_IN },
    llm: e.LLM_URL ? { url: e.LLM_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL } : undefined,
    simulatorSpeedup: e.SIMULATOR_SPEEDUP,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    recordingUrlTtlMs: e.RECORDING_URL_TTL,
    logLevel: e.LOG_LEVEL,
    logFile: e.LOG_FILE,
    role: e.ROLE,
    workerConcurrency: e.WORKER_CONCURRENCY,
    sweepIntervalMs: e.SWEEP_INTERVAL,
    staleJobLockMs: e.STALE_JOB_LOCK,
    workerHeartbeatMs: e.WORKER_HEARTBEAT,
    queueVacuumIntervalMs: e.QUEUE_VACUUM_INTERVAL,
    workerDeadAfterMs: e.WORKER_DEAD_AFTER,
    stuckCallMarginMs: e.STUCK_CALL_MARGIN,
    corsOrigins: Object.freeze(
      e.CORS_ORIGINS.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
    trustProxy: e.TRUST_PROXY,
    bcryptCost: e.BCRYPT_COST,
    graphqlLimits: { maxDepth: e.GRAPHQL_MAX_DEPTH, maxCost: e.GRAPHQL_MAX_COST, maxAliases: e.GRAPHQL_MAX_ALIASES },
    graphqlIntrospection: e.GRAPHQL_INTROSPECTION ?? !production,
    graphqlWs: {
      maxSubscriptionsPerSocket: e.GRAPHQL_WS_MAX_SUBSCRIPTIONS,
      maxSocketsPerUser: e.GRAPHQL_WS_MAX_SOCKETS_PER_USER,
      maxSocketsPerOrg: e.GRAPHQL_WS_MAX_SOCKETS_PER_ORG,
      maxBufferedBytes: e.GRAPHQL_WS_MAX_BUFFERED_BYTES,
    },
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT,
      // Node refuses a headersTimeout longer than requestTimeout; the whole request includes its headers.
      requestTimeoutMs: Math.max(e.HTTP_REQUEST_TIMEOUT, e.HTTP_HEADERS_TIMEOUT),
      maxConnectionsPerIp: e.HTTP_MAX_CONNECTIONS_PER_IP,
    },
    dashboardAtRoot: e.DASHBOARD_AT_ROOT ?? !production,
    rateLimit: {
      enabled: e.RATE_LIMIT_ENABLED,
      apiKeyPerMinute: e.RATE_LIMIT_API_KEY_PER_MINUTE,
      apiKeyWindowSeconds: e.RATE_LIMIT_API_KEY_WINDOW_SECONDS,
      loginIpPer15Min: e.RATE_LIMIT_LOGIN_IP_PER_15_MIN,
      loginEmailPer15Min: e.RATE_LIMIT_LOGIN_EMAIL_PER_15_MIN,
      signupIpPerHour: e.RATE_LIMIT_SIGNUP_IP_PER_HOUR,
      signupEmailPerHour: e.RATE_LIMIT_SIGNUP_EMAIL_PER_HOUR,
      carrierTestPer10Min: e.RATE_LIMIT_CARRIER_TEST_PER_10_MIN,
      mailEmailPerHour: e.RATE_LIMIT_MAIL_EMAIL_PER_HOUR ?? e.RATE_LIMIT_SIGNUP_EMAIL_PER_HOUR,
      mailOrgPerHour: e.RATE_LIMIT_MAIL_ORG_PER_HOUR,
      maxQueuedCallsPerOrg: e.MAX_QUEUED_CALLS_PER_ORG,
    },
    campaignLimits: { maxRecipientsPerCampaign: e.MAX_RECIPIENTS_PER_CAMPAIGN, maxPendingRecipientsPerOrg: e.MAX_PENDING_RECIPIENTS_PER_ORG },
  };
  return Object.freeze(config);
}
