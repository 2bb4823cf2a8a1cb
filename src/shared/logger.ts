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

export function createLogger(opts: { level: string; file?: string; name?: string }): Logger {
  const destination = opts.file ? pino.destination({ dest: opts.file, append: true, mkdir: true, sync: false }) : pino.destination(1);
  return pino(
    {
      name: opts.name ?? 'voicegate',
      level: opts.level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}
