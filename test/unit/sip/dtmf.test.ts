import { DtmfReceiver } from '../../../src/carriers/sip/media/dtmf';

/** An RFC 4733 payload: event, E bit, volume 10, duration. */
const ev = (event: number, duration: number, end = false) => Buffer.from([event, (end ? 0x80 : 0) | 10, duration >> 8, duration & 0xff]);

test('start on the first packet, continuations ignored, end once (its retransmissions ignored)', () => {
  const rx = new DtmfReceiver();
  const seen = [
    rx.receive(ev(5, 160), 1000),
    rx.receive(ev(5, 320), 1000),
    rx.receive(ev(5, 480), 1000),
    rx.receive(ev(5, 640, true), 1000),
    rx.receive(ev(5, 640, true), 1000),
    rx.receive(ev(5, 640, true), 1000),
  ].map((events) => events.map((e) => `${e.type} ${e.digit} ${e.duration}`));
  expect(seen).toEqual([['start 5 0'], [], [], ['end 5 640'], [], []]);
});

test('the same key pressed twice is two events (new timestamp); star, pound and A–D are keys too', () => {
  const rx = new DtmfReceiver();
  const digits = [
    ...rx.receive(ev(1, 160), 2000),
    ...rx.receive(ev(1, 400, true), 2000),
    ...rx.receive(ev(1, 160), 4000),
    ...rx.receive(ev(10, 160), 6000),
    ...rx.receive(ev(11, 160), 8000),
    ...rx.receive(ev(15, 160), 9000),
  ]
    .filter((e) => e.type === 'start')
    .map((e) => e.digit);
  expect(digits).toEqual(['1', '1', '*', '#', 'D']);
});

test('an event whose first packets were lost still starts; an end-only event starts and ends', () => {
  const rx = new DtmfReceiver();
  expect(rx.receive(ev(7, 800), 3000).map((e) => e.type)).toEqual(['start']);
  expect(rx.receive(ev(8, 800, true), 5000).map((e) => e.type)).toEqual(['start', 'end']);
});

test('events beyond 15 (not keypad) and short payloads are ignored', () => {
  const rx = new DtmfReceiver();
  expect(rx.receive(ev(16, 160), 1)).toEqual([]);
  expect(rx.receive(Buffer.from([1, 2]), 2)).toEqual([]);
});
