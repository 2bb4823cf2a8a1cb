import { Router } from 'express';
import { AppError, notFound } from '../../shared/errors';
import { isUuid } from '../../shared/ids';
import type { Services } from '../../services';
import { Call } from './call.entity';

/** Public, credential-free recording links: the signed, expiring query string is the credential. */
export function recordingsRoutes(s: Services): Router {
  const r = Router();
  r.get('/recordings/:file', async (req, res) => {
    const match = /^([0-9a-f-]{36})\.wav$/i.exec(req.params.file);
    const callId = match?.[1];
    if (!callId || !isUuid(callId)) throw notFound('Recording');
    const q = req.query as Record<string, unknown>;
    const verdict = s.recordingUrls.verify(callId, typeof q.expires === 'string' ? q.expires : undefined, typeof q.signature === 'string' ? q.signature : undefined);
    if (verdict === 'invalid') throw new AppError('invalid_token', 'The recording link is invalid.');
    if (verdict === 'expired') throw new AppError('token_expired', 'The recording link has expired.');
    const call = await req.ctx.em.findOne(Call, { id: callId });
    if (!call || call.recordingSeconds === null) throw notFound('Recording');
    const recording = await s.analyzer.recording(call);
    if (!recording) throw notFound('Recording');
    res.setHeader('Content-Type', 'audio/wav');
    res.setHeader('Content-Length', String(recording.byteLength));
    res.setHeader('Cache-Control', 'private, max-age=300');
    recording.stream.pipe(res);
  });
  return r;
}
