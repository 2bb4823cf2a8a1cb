import { randomUUID } from 'node:crypto';
import { SipAdapter } from '../../src/carriers/sip/sip-adapter';
import type { LiveCarrier } from '../../src/carriers/sip/sip-carrier';
import { PgNotifier } from '../../src/db/notifier';
import type { CarrierCall } from '../../src/features/calls/ports';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** Stands in for the SIP stack of one process (its dialogs); records what it is asked to hang up. */
function dialogs() {
  const held = new Set<string>();
  const canceled: string[] = [];
  let wake: (() => void) | undefined;
  const carrier: LiveCarrier = {
    name: 'sip',
    live: true,
    newCarrierCallId: () => randomUUID(),
    place: async () => undefined,
    holds: (id) => held.has(id),
    cancel: (id) => {
      canceled.push(id);
      wake?.();
    },
    listen: async () => 0,
    warm: async () => undefined,
    close: async () => undefined,
  };
  const nextCancel = () => new Promise<void>((resolve) => (wake = resolve));
  return { carrier, held, canceled, nextCancel };
}

/**
 * The one hang-up path of a SIP call: the carrierHangup job runs in any worker process, and the
 * SIP adapter there reaches the process holding the dialog (itself, or another over NOTIFY).
 */
describe('hanging up a SIP call held by this or another worker process', () => {
  let app: TestApp;
  let otherListener: PgNotifier;

  beforeAll(async () => {
    app = await startTestApp({ STT_ENGINE: 'none' });
    otherListener = new PgNotifier(app.db.pool, app.services.log);
  });
  afterAll(async () => {
    await otherListener?.stop();
    await app?.close();
  });

  const adapter = (notifier: PgNotifier, carrier: LiveCarrier) =>
    new SipAdapter({ config: app.config.sip, records: app.services.carrierPort, notifier, log: app.services.log, create: () => carrier });
  const call = (id: string) => ({ id }) as Pick<CarrierCall, 'id'> as CarrierCall;

  test('the process holding the dialog cancels it, whichever process runs the hang-up', async () => {
    const here = dialogs();
    const there = dialogs();
    const local = adapter(app.services.notifier, here.carrier);
    const holder = adapter(otherListener, there.carrier); // another worker process: its own LISTEN connection
    await otherListener.start();
    local.sip();
    holder.sip();
    const id = randomUUID();
    there.held.add(id);

    const canceledThere = there.nextCancel();
    await local.hangUp(call(id));
    await canceledThere;
    expect({ there: there.canceled, here: here.canceled }).toEqual({ there: [id], here: [] });

    // Held by the process running the hang-up: canceled there and then, nothing sent to the others.
    const mine = randomUUID();
    here.held.add(mine);
    await local.hangUp(call(mine));
    expect(here.canceled).toEqual([mine]);
  });
});
