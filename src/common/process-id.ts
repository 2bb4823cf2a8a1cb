import { randomBytes } from 'node:crypto';
import os from 'node:os';

/**
 * This process as the database names it (queue runners' heartbeats, webhook delivery leases):
 * `host/pid/nonce`. Host and pid say where to look; the nonce tells apart two processes that got
 * the same pid under the same host name, such as a restarted container's service (pid 1 each time).
 */
export const PROCESS_ID = `${os.hostname()}/${process.pid}/${randomBytes(6).toString('hex')}`;
