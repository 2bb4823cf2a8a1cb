import net from 'node:net';
import { buildConnector } from 'undici';
import { BlockedDestinationError, guardedLookup, isBlockedAddress } from './net-guard';

/**
 * An undici connector for destinations an organization chose (webhook receivers, its language
 * model endpoint): unless `allowPrivate`, the lookup refuses blocked answers, a literal blocked IP
 * is refused before connecting, and the address actually connected to is checked again, so a DNS
 * answer that changed since the URL was validated (rebinding) is still caught.
 */
export function guardedConnector(opts: { timeoutMs: number; allowPrivate: boolean }): buildConnector.connector {
  const base = buildConnector({
    timeout: opts.timeoutMs,
    ...(opts.allowPrivate ? {} : { lookup: guardedLookup }),
  } as buildConnector.BuildOptions);
  if (opts.allowPrivate) return base;
  return (options, callback) => {
    if (net.isIP(options.hostname.replace(/^\[|\]$/g, '')) && isBlockedAddress(options.hostname.replace(/^\[|\]$/g, ''))) {
      callback(new BlockedDestinationError(options.hostname), null);
      return;
    }
    base(options, (err, socket) => {
      if (err || !socket) return callback(err ?? new Error('no socket'), null);
      // Defence in depth: whatever resolved, refuse a connection that landed on a blocked address.
      const remote = socket.remoteAddress;
      if (remote && isBlockedAddress(remote)) {
        socket.destroy();
        return callback(new BlockedDestinationError(remote), null);
      }
      callback(null, socket);
    });
  };
}
