import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs. Anything that could carry a credential is redacted at the logger, so a
 * careless `log.info({ req })` cannot leak a key, a token or a password.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'authorization',
  'password',
  '*.password',
  'secret',
  '*.secret',
  'webhook_secret',
  '*.webhook_secret',
  'webhookSecret',
  '*.webhookSecret',
  'access_token',
  '*.access_token',
  'accessToken',
  '*.accessToken',
  'token',
  '*.token',
];

/** Shapes of credentials and their stored forms; none may reach a log line, whatever carries them. */
const SECRET_PATTERNS: RegExp[] = [
  /sk_live_[A-Za-z0-9_-]+/g, // API keys
  /whsec_[A-Za-z0-9+/=_-]+/g, // webhook secrets
  /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, // JWTs
  /\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}/g, // bcrypt hashes
  /\b[0-9a-f]{64}\b/gi, // SHA-256 hex (API key hashes, fingerprints)
  /\bBearer\s+\S+/gi,
];
const SQL_START = /^\s*(select|insert|update|delete|with|begin|commit|rollback|savepoint|release|create|alter|drop|set|lock|truncate)\b/i;
const MAX_MESSAGE = 1000;

/**
 * Error messages can carry data: MikroORM/knex driver errors read "<SQL with its parameter values
 * inlined> - <server message>", and PostgreSQL echoes offending values (`invalid input syntax for
 * type uuid: "..."`). Keep the diagnosis, drop the data.
 */
export function sanitizeErrorMessage(message: unknown): string {
  let m = typeof message === 'string' ? message : String(message ?? '');
  if (SQL_START.test(m)) {
    const i = m.lastIndexOf(' - ');
    m = i >= 0 ? `[query omitted] - ${m.slice(i + 3)}` : '[query omitted]';
  }
  m = m.replace(/:\s*"[^"]*"/g, ': "[redacted]"');
  for (const re of SECRET_PATTERNS) m = m.replace(re, '[redacted]');
  return m.length > MAX_MESSAGE ? `${m.slice(0, MAX_MESSAGE)}…` : m;
}

interface ErrLike {
  type?: string;
  name?: string;
  message?: unknown;
  code?: unknown;
  sqlState?: unknown;
  status?: unknown;
  stack?: unknown;
  cause?: unknown;
  constructor?: { name?: string };
}

/**
 * The only shape an error takes in our logs: type, code, a sanitized message and the stack frames
 * (never the message lines of the stack, never `detail`, `where`, parameters or other props).
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!err || typeof err !== 'object') return typeof err === 'string' ? sanitizeErrorMessage(err) : err;
  const e = err as ErrLike;
  const code = typeof e.code === 'string' || typeof e.code === 'number' ? e.code : typeof e.sqlState === 'string' ? e.sqlState : undefined;
  const frames = typeof e.stack === 'string' ? e.stack.split('\n').filter((l) => /^\s+at /.test(l)).slice(0, 20).map((l) => l.trim()) : undefined;
  return {
    type: e.type ?? e.name ?? e.constructor?.name ?? 'Error',
    ...(code !== undefined ? { code } : {}),
    ...(typeof e.status === 'number' ? { status: e.status } : {}),
    message: sanitizeErrorMessage(e.message),
    ...(frames?.length ? { stack: frames } : {}),
    ...(e.cause !== undefined && depth < 3 ? { cause: serializeError(e.cause, depth + 1) } : {}),
  };
}

export const LOG_SERIALIZERS = { err: (e: unknown) => serializeError(e), error: (e: unknown) => serializeError(e) };

/**
 * Human-readable lines (pino-pretty) only for a person at a terminal: outside production, when
 * logging to stdout and stdout is a TTY. Pipes, files, containers and the test suite get JSON.
 */
export function wantsPrettyLogs(opts: { nodeEnv: string; file?: string; stdoutIsTTY: boolean | undefined }): boolean {
  return opts.nodeEnv !== 'production' && !opts.file && opts.stdoutIsTTY === true;
}

export function createLogger(opts: { level: string; file?: string; name?: string; pretty?: boolean }): Logger {
  // Redaction and serializers run in this thread, before a line reaches pino-pretty's worker thread,
  // so pretty output is scrubbed exactly like JSON output.
  const destination = opts.pretty
    ? pino.transport({ target: 'pino-pretty', options: { destination: 1, colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } })
    : opts.file
      ? pino.destination({ dest: opts.file, append: true, mkdir: true, sync: false })
      : pino.destination(1);
  return pino(
    {
      name: opts.name ?? 'voicegate',
      level: opts.level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: LOG_SERIALIZERS,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}
