import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `DATA_DIR/secrets.json`: secrets generated on first use and kept for the next start (outside
 * production the JWT and encryption keys; always the embedded PostgreSQL password). One flat JSON
 * object, mode 0600; keys written by one part are left alone by the others.
 */
export function readSecrets(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${file} is not a JSON object`);
  return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** Returns the stored values, generating (and saving) those not there yet. */
export function readOrCreateSecrets<K extends string>(file: string, generators: Record<K, () => string>): Record<K, string> {
  const current = readSecrets(file);
  const missing = (Object.keys(generators) as K[]).filter((k) => current[k] === undefined);
  if (missing.length > 0) {
    for (const k of missing) current[k] = generators[k]();
    writeSecrets(file, current);
  }
  return current as Record<K, string>;
}

/** Whole-file replace (temporary file + rename) so a crash never leaves half a file. */
export function writeSecrets(file: string, secrets: Record<string, string>): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  renameSync(tmp, file);
}
