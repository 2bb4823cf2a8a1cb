import { isoMicroOrNull } from '../../common/time';
import type { CarrierView, ConnectionTest } from './carrier-connections.service';

/** REST shape: only the fields of the connection's kind; secrets only as *_set flags. */
export function presentCarrier(v: CarrierView): Record<string, unknown> {
  const base = { type: v.type, source: v.source };
  const tail = { numbers: v.numbers, updated_at: isoMicroOrNull(v.updatedAt) };
  if (v.type === 'sip') return { ...base, host: v.host, port: v.port, transport: v.transport, username: v.username, ...tail, password_set: v.passwordSet };
  if (v.type === 'twilio') return { ...base, account_sid: v.accountSid, ...tail, auth_token_set: v.authTokenSet };
  return { ...base, ...tail };
}

export const presentConnectionTest = (t: ConnectionTest) => ({ ok: t.ok, message: t.message });
