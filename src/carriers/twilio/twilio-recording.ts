import { WaveFile } from 'wavefile';
import type { Pool } from 'pg';
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

/** Stored like a SIP recording; a call already analysed gets its recording_url now. Idempotent. */
export async function storeRecording(pool: Pool, callId: string, r: { audio: Buffer; seconds: number }): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select 1 from calls where id = $1 for update', [callId]);
    await client.query(
      `insert into call_recordings (call_id, audio, seconds, transcript, structured_answers) values ($1, $2, $3, '', '{}')
       on conflict (call_id) do update set audio = excluded.audio, seconds = excluded.seconds`,
      [callId, r.audio, r.seconds],
    );
    await client.query('update calls set recording_seconds = $2 where id = $1 and analyzed_at is not null', [callId, r.seconds]);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
