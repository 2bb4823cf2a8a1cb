import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { extractAnswer } from '../../src/voice/dialog/answers';
import { OpenAiRecognizer } from '../../src/voice/stt/openai';

/**
 * The OpenAI-compatible engine against a local server speaking that API: a multipart POST to
 * /v1/audio/transcriptions with the audio as a WAV `file`, the `model`, and the bearer key.
 */
describe('OpenAI-compatible speech recognition', () => {
  let server: http.Server;
  let url: string;
  const seen: Array<{ path: string; auth: string | undefined; contentType: string; body: Buffer }> = [];
  let reply: { status: number; body: unknown } = { status: 200, body: { text: 'I think three.' } };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ path: req.url ?? '', auth: req.headers.authorization, contentType: req.headers['content-type'] ?? '', body: Buffer.concat(chunks) });
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const tone = () => Int16Array.from({ length: 8000 }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 8000)));

  test('sends the utterance as a WAV with model and key, and returns the text', async () => {
    const stt = new OpenAiRecognizer({ url, apiKey: 'sk-test-123', model: 'whisper-1' });
    const q = { key: 'people', question: 'How many people?', type: 'number' as const };
    const text = await stt.recognize(tone(), { question: q });
    expect(text).toBe('I think three.');
    expect(extractAnswer(q, text)).toBe(3);
    const req = seen.at(-1)!;
    expect(req.path).toBe('/v1/audio/transcriptions');
    expect(req.auth).toBe('Bearer sk-test-123');
    expect(req.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const body = req.body.toString('latin1');
    expect(body).toMatch(/name="model"\r\n\r\nwhisper-1\r\n/);
    expect(body).toMatch(/name="file"; filename="utterance.wav"\r\nContent-Type: audio\/wav\r\n\r\nRIFF/);
    expect(body).toMatch(/name="prompt"\r\n\r\nHow many people\?\r\n/);
  });

  test('an error answer is an error (the agent then treats the answer as not understood)', async () => {
    reply = { status: 500, body: { error: 'boom' } };
    const stt = new OpenAiRecognizer({ url: `${url}/v1`, model: 'm' });
    await expect(stt.recognize(tone(), { question: null })).rejects.toThrow('500');
    expect(seen.at(-1)!.path).toBe('/v1/audio/transcriptions');
    expect(seen.at(-1)!.auth).toBeUndefined();
  });
});
