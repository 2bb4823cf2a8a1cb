import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router, type RequestHandler } from 'express';
import helmet from 'helmet';

/** The mailed links of docs/accounts.md point here; the dashboard owns these screens. */
export const MAILED_LINK_PATHS = ['/verify-email', '/reset-password', '/accept-invitation'] as const;

/** web/dist from the source tree (src/web) and from the build (dist/src/web) alike. */
export function findWebDist(): string | undefined {
  for (const up of ['../..', '../../..']) {
    const dir = path.resolve(__dirname, up, 'web', 'dist');
    if (existsSync(path.join(dir, 'index.html'))) return dir;
  }
  return undefined;
}

/**
 * A strict policy for the dashboard only (the JSON API needs none): scripts, styles and
 * connections from this origin only, no inline code, no framing. `'self'` covers the same-origin
 * WebSocket of live updates; recordings are signed links on the public base URL (played, and read
 * to draw their waveform).
 */
export function dashboardCsp(publicBaseUrl: string): RequestHandler {
  const mediaOrigin = new URL(publicBaseUrl).origin;
  return helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      // The recording's origin too: the call page reads the WAV to draw its waveform.
      connectSrc: ["'self'", mediaOrigin],
      mediaSrc: ["'self'", mediaOrigin],
      manifestSrc: ["'self'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
    },
  });
}

/**
 * Serves the built dashboard at /app: hashed assets are immutable for a year, index.html is
 * revalidated every time (so a deploy is picked up at once), and any other /app path gets
 * index.html (client-side routing). The mailed account links are sent into the app.
 */
export function webAppRoutes(opts: { publicBaseUrl: string; atRoot: boolean; distDir?: string }): Router {
  const r = Router();
  const dist = opts.distDir ?? findWebDist();
  for (const p of MAILED_LINK_PATHS) {
    r.get(p, (req, res) => {
      const q = req.originalUrl.indexOf('?');
      res.redirect(302, `/app${p}${q >= 0 ? req.originalUrl.slice(q) : ''}`);
    });
  }
  if (opts.atRoot) r.get('/', (_req, res) => res.redirect(302, '/app/'));

  const csp = dashboardCsp(opts.publicBaseUrl);
  if (!dist) {
    r.use('/app', csp, (_req, res) => {
      res.status(503).type('text/plain').send('The dashboard is not built. Run `npm run build` (or `npm run build:web`).\n');
    });
    return r;
  }
  const sendIndex: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(path.join(dist, 'index.html'));
  };
  r.use(
    '/app',
    csp,
    express.static(dist, {
      index: false,
      redirect: false,
      fallthrough: true,
      setHeaders(res, file) {
        const hashed = file.startsWith(path.join(dist, 'assets') + path.sep);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
    // A missing hashed asset is a 404, not the page (a stale tab must not parse HTML as JS).
    (req, res, next) => (req.path.startsWith('/assets/') ? res.status(404).type('text/plain').send('Not found\n') : next()),
    sendIndex,
  );
  return r;
}
