import { WaveFile } from 'wavefile';
import type { TwilioAccount } from './twilio-client';

/**
 * Downloads a finished recording (WAV) with the account's credentials. Only from Twilio's API
 * origin: the URL arrives in a callback, and the credentials must never go anywhere else.
 */
export async function downloadRecording(recordingUrl: string, account: TwilioAccount, apiBaseUrl: string): Promise<{ audio: Buffer; seconds: number }> {
  const url = new URL(recordingUrl.replace(/\.(json|mp3|wav)$/i, '') + '.wav');
  if (url.origin !== new URL(apiBaseUrl).origin) throw new Error(`refusing to fetch a recording outside ${new URL(apiBaseUrl).origin}`);
  const res = await fetch(url, {
    headers: { Authorization: `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString('base64')}` },
    signal: AbortSignal.timeout(60_000),
  });
  if (!res.ok) throw new Error(`Twilio answered ${res.status} for the recording`);
  const audio = Buffer.from(await res.arrayBuffer());
  const wav = new WaveFile(audio);
  const fmt = wav.fmt as { sampleRate: number; numChannels: number; bitsPerSample: number };
  const data = (wav.data as { chunkSize: number }).chunkSize;
  const seconds = Math.round(data / (fmt.sampleRate * fmt.numChannels * (fmt.bitsPerSample / 8)));
  return { audio, seconds };
}
