import { useEffect, useRef, useState, type RefObject } from 'react';

export interface WaveTurn {
  speaker: string;
  startMs: number;
  endMs: number;
}

interface Peaks {
  /** Per channel, per column: the loudest sample's magnitude (0..1). */
  channels: Float32Array[];
  durationMs: number;
}

const COLUMNS = 1200;
const HEIGHT_PER_CHANNEL = 60;
const AGENT = '#1d4ed8';
const CALLEE = '#15803d';

/** Reads the WAV and reduces each channel to COLUMNS peaks (decoded by the browser, at its own rate). */
async function loadPeaks(url: string, signal: AbortSignal): Promise<Peaks> {
  const res = await fetch(url, { signal });
  if (!res.ok) throw new Error(`The recording could not be read (${res.status}).`);
  const audio = await new OfflineAudioContext(1, 1, 8000).decodeAudioData(await res.arrayBuffer());
  const channels: Float32Array[] = [];
  for (let c = 0; c < audio.numberOfChannels; c++) {
    const data = audio.getChannelData(c);
    const per = Math.max(1, Math.floor(data.length / COLUMNS));
    const peaks = new Float32Array(Math.ceil(data.length / per));
    for (let i = 0; i < peaks.length; i++) {
      let max = 0;
      for (let j = i * per, end = Math.min(data.length, (i + 1) * per); j < end; j++) max = Math.max(max, Math.abs(data[j]!));
      peaks[i] = max;
    }
    channels.push(peaks);
  }
  return { channels, durationMs: audio.duration * 1000 };
}

/**
 * The recording as a waveform: one lane per channel (a stereo recording has the agent on the
 * left channel and the callee on the right; a mono one has both in one lane), each turn's span
 * shaded in its speaker's colour, and the play position as a line. Clicking it plays from there.
 * The canvas is a picture for the eye: the turns list under it is what a keyboard or a screen
 * reader uses, with the same seek and the same highlighted turn.
 */
export function Waveform({ url, turns, audio, positionMs }: { url: string; turns: WaveTurn[]; audio: RefObject<HTMLAudioElement | null>; positionMs: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [peaks, setPeaks] = useState<Peaks | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    loadPeaks(url, abort.signal).then(setPeaks, (e: unknown) => {
      if (!abort.signal.aborted) setError(e instanceof Error ? e.message : 'The waveform could not be drawn.');
    });
    return () => abort.abort();
  }, [url]);

  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx || !peaks) return;
    const lanes = peaks.channels.length;
    const width = el.width;
    const height = el.height;
    const lane = height / lanes;
    ctx.clearRect(0, 0, width, height);
    const x = (ms: number) => (ms / peaks.durationMs) * width;
    for (const t of turns) {
      const agent = t.speaker.toLowerCase() === 'agent';
      // Stereo: a turn is shaded in its speaker's own lane; mono: across the single lane.
      const top = lanes > 1 ? (agent ? 0 : lane) : 0;
      ctx.fillStyle = agent ? 'rgba(29, 78, 216, 0.10)' : 'rgba(21, 128, 61, 0.12)';
      ctx.fillRect(x(t.startMs), top, Math.max(1, x(t.endMs) - x(t.startMs)), lanes > 1 ? lane : height);
    }
    peaks.channels.forEach((p, c) => {
      const mid = lane * c + lane / 2;
      ctx.fillStyle = lanes > 1 ? (c === 0 ? AGENT : CALLEE) : '#374151';
      for (let i = 0; i < p.length; i++) {
        const h = Math.max(1, p[i]! * (lane / 2 - 2));
        ctx.fillRect((i / p.length) * width, mid - h, Math.max(1, width / p.length - 0.5), 2 * h);
      }
    });
    ctx.fillStyle = '#b91c1c';
    ctx.fillRect(x(positionMs), 0, 2, height);
  }, [peaks, turns, positionMs]);

  if (error) return <p className="muted">{error} The player below still plays it.</p>;
  const lanes = peaks?.channels.length ?? 2;
  return (
    <div className="waveform-wrap">
      <canvas
        ref={canvas}
        className="waveform"
        data-testid="waveform"
        data-channels={peaks ? String(peaks.channels.length) : undefined}
        width={COLUMNS}
        height={HEIGHT_PER_CHANNEL * lanes}
        role="img"
        aria-label={peaks ? `Waveform of the recording, ${Math.round(peaks.durationMs / 1000)} s, ${lanes > 1 ? 'agent (left channel) above, callee (right channel) below' : 'one channel'}` : 'Waveform loading'}
        onClick={(e) => {
          const a = audio.current;
          if (!a || !peaks) return;
          const r = e.currentTarget.getBoundingClientRect();
          a.currentTime = ((e.clientX - r.left) / r.width) * (peaks.durationMs / 1000);
          void a.play().catch(() => undefined);
        }}
      />
      <p className="muted small">
        {lanes > 1 ? (
          <>
            <span className="swatch part-calling" aria-hidden="true" /> agent (left channel) · <span className="swatch part-reached" aria-hidden="true" /> callee (right channel)
          </>
        ) : (
          'One channel: the shaded spans are the agent’s (blue) and the callee’s (green) turns.'
        )}
      </p>
    </div>
  );
}
