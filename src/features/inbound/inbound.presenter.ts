import { isoMicroOrNull } from '../../common/time';
import type { InboundSettingsView } from './inbound.service';

export function presentInbound(s: InboundSettingsView) {
  return {
    enabled: s.enabled,
    greeting: s.greeting,
    task: s.task,
    questions: s.questions,
    webhook_url: s.webhookUrl,
    transfer_to: s.transferTo,
    updated_at: isoMicroOrNull(s.updatedAt),
  };
}
