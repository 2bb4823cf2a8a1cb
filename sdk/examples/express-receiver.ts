import express from 'express';
import { verifyWebhook, WebhookVerificationError, type WebhookEvent } from '@voicegate/sdk';

/**
 * An Express receiver for voicegate webhooks. `secrets` is your whsec_… secret; while you roll a
 * rotation, pass the new one and the old one.
 */
export function createWebhookApp(secrets: string[], handle: (event: WebhookEvent) => Promise<void>): express.Express {
  const app = express();
  // express.raw keeps the exact bytes that were signed. Do not put express.json() in front of this
  // route: re-serialized JSON is not the body the service signed.
  app.post('/webhooks/voicegate', express.raw({ type: 'application/json', limit: '1mb' }), async (req, res) => {
    if (!Buffer.isBuffer(req.body)) {
      res.status(415).send('expected an application/json body');
      return;
    }
    let event: WebhookEvent;
    try {
      event = verifyWebhook(req.body, req.headers, secrets);
    } catch (err) {
      if (err instanceof WebhookVerificationError) {
        res.status(400).send(err.reason);
        return;
      }
      throw err;
    }
    // Deliveries are at-least-once: make `handle` idempotent (dedupe on call_id + event).
    await handle(event);
    res.status(204).end();
  });
  return app;
}

if (require.main === module) {
  const secrets = (process.env.VOICEGATE_WEBHOOK_SECRETS ?? '').split(',').filter(Boolean);
  const app = createWebhookApp(secrets, async (event) => {
    switch (event.event) {
      case 'call.ended':
        console.log(`call ${event.call_id} ended: ${event.status}/${event.disposition} after ${event.duration_seconds} s`);
        break;
      case 'call.analyzed':
        console.log(`call ${event.call_id} analyzed:`, event.structured_answers);
        break;
      default:
        console.log('call_id' in event ? `${event.event} for call ${event.call_id}` : `${event.event} for campaign ${event.campaign_id}`);
    }
  });
  app.listen(Number(process.env.PORT ?? 3000));
}
