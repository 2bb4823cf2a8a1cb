import { createServer, type Server } from 'node:http';
import { verifyWebhook, WebhookVerificationError, type WebhookEvent } from '@voicegate/sdk';

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * A receiver with nothing but node:http. `secrets` is your whsec_… secret; while you roll a
 * rotation, pass the new one and the old one.
 */
export function createWebhookServer(secrets: string[], handle: (event: WebhookEvent) => Promise<void>): Server {
  return createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/webhooks/voicegate') {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        res.writeHead(413).end();
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      let event: WebhookEvent;
      try {
        // Verify the raw bytes first; parse nothing before the signature is known to be good.
        event = verifyWebhook(Buffer.concat(chunks), req.headers, secrets);
      } catch (err) {
        res.writeHead(400).end(err instanceof WebhookVerificationError ? err.reason : 'bad request');
        return;
      }
      // Deliveries are at-least-once: make `handle` idempotent (dedupe on call_id + event).
      handle(event).then(
        () => res.writeHead(204).end(),
        () => res.writeHead(500).end(), // the service retries later
      );
    });
  });
}

if (require.main === module) {
  const secrets = (process.env.VOICEGATE_WEBHOOK_SECRETS ?? '').split(',').filter(Boolean);
  createWebhookServer(secrets, async (event) => {
    console.log('call_id' in event ? `${event.event} for call ${event.call_id}` : `${event.event} for campaign ${event.campaign_id}`);
  }).listen(Number(process.env.PORT ?? 3000));
}
