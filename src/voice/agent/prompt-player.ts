import { isStreamingSynthesizer, type SpeechSynthesizer } from '../tts/synthesizer';
import type { AgentMedia, Playback } from './agent-media';

/** A prompt being played; `queued` resolves once all of its audio is on the media's queue (what is played next must wait for it, or it would be interleaved). */
export type PromptPlayback = Playback & { queued: Promise<void> };

/** A prompt whose first audio is ready: played with `play`, or dropped with `cancel`. */
export interface ReadyPrompt {
  play(media: AgentMedia): PromptPlayback;
  cancel(): void;
}

/**
 * Makes a prompt's audio, up to its first playable part: the whole prompt from a synthesizer that
 * makes it at once, the first piece from one that streams (the rest is queued on the media as it
 * arrives). Stopping the playback (a barge-in) or cancelling stops the synthesis too.
 */
export async function preparePrompt(tts: SpeechSynthesizer, text: string): Promise<ReadyPrompt> {
  if (!isStreamingSynthesizer(tts)) {
    const pcm = await tts.synthesize(text);
    return { play: (media) => ({ ...media.play(pcm), queued: Promise.resolve() }), cancel: () => undefined };
  }
  const abort = new AbortController();
  const pieces = tts.stream(text, abort.signal)[Symbol.asyncIterator]();
  const first = await pieces.next();
  const cancel = () => {
    abort.abort();
    void pieces.return?.(undefined);
  };
  return {
    cancel,
    play: (media) => {
      const startedAt = media.positionMs;
      const parts: Playback[] = first.done ? [] : [media.play(first.value)];
      let stopped = false;
      const rest = (async () => {
        if (first.done) return;
        try {
          for (;;) {
            const next = await pieces.next();
            if (next.done || stopped) break;
            parts.push(media.play(next.value));
          }
        } catch {
          // The synthesizer said what it could (it falls back on errors by itself).
        }
      })();
      const done = rest.then(async () => {
        const results = await Promise.all(parts.map((p) => p.done));
        return { startMs: results[0]?.startMs ?? startedAt, playedMs: results.reduce((sum, r) => sum + r.playedMs, 0) };
      });
      return {
        done,
        queued: rest,
        stop: () => {
          stopped = true;
          cancel();
          for (const p of parts) p.stop();
        },
      };
    },
  };
}
