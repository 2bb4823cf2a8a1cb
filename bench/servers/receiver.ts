import http from 'node:http';

/**
 * The webhook receiver of the delivery bench: answers 200 at once and writes down when each event
 * arrived (epoch ms with sub-millisecond precision) next to the envelope's own timestamp.
 * GET /__stats returns everything recorded; POST /__reset forgets it.
 * REPLY=hang never answers (a receiver that times out), REPLY=error answers 500; DELAY_MS answers
 * after that long (a slow receiver). Receipts are written when the request arrives.
 */
const REPLY = process.env.REPLY ?? 'ok';
const DELAY_MS = Number(process.env.DELAY_MS ?? 0);
interface Receipt {
  callId: string;
  event: string;
  timestamp: string;
  /** The call's status in the event (call.ended: its final status). */
  status?: string;
  receivedAt: number;
}
let receipts: Receipt[] = [];
const now = () => performance.timeOrigin + performance.now();

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/__stats') {
    const body = JSON.stringify({ count: receipts.length, receipts });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
    return;
  }
  if (req.method === 'POST' && req.url === '/__reset') {
    receipts = [];
    res.writeHead(204);
    res.end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const receivedAt = now();
    try {
      const e = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { call_id: string; event: string; timestamp: string; status?: string };
      receipts.push({ callId: e.call_id, event: e.event, timestamp: e.timestamp, status: e.status, receivedAt });
    } catch {
      // not an event: still 200, the bench only counts what parses
    }
    if (REPLY === 'hang') return;
    const answer = () => {
      res.writeHead(REPLY === 'error' ? 500 : 200, { 'content-length': '0' });
      res.end();
    };
    if (DELAY_MS > 0) setTimeout(answer, DELAY_MS);
    else answer();
  });
});
server.keepAliveTimeout = 65_000;
server.requestTimeout = 0;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
