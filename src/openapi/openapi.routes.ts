import express, { Router } from 'express';
import { route, type Routes } from '../common/route';

export interface OpenApiDeps {
  /** The document, serialized once at start-up. */
  document: string;
}

/** GET /openapi.json: the generated OpenAPI 3.1 document (./document.ts). */
export const openApiJsonRoutes: Routes<OpenApiDeps> = [
  route<OpenApiDeps>({
    method: 'get',
    path: '/openapi.json',
    operationId: 'openapi',
    summary: 'This document',
    description: 'A browsable reference is served at /docs.',
    tag: 'operations',
    auth: 'none',
    responses: { 200: { description: 'OpenAPI 3.1 document.', contentType: 'application/json' } },
    errors: [],
    example: { response: { openapi: '3.1.0', info: { title: 'voicegate', version: '0.1.0' }, paths: {} } },
    handler: async (_input, { document }) => ({ status: 200, headers: { 'Cache-Control': 'no-cache' }, contentType: 'application/json', body: document }),
  }),
];

/**
 * /docs, a browsable reference: Swagger UI served from the swagger-ui-dist package (no CDN),
 * started by a small script of ours rather than an inline one, so a strict Content-Security-Policy
 * still lets it run.
 */
export function apiReferenceRoutes(): Router {
  const r = Router();

  const page = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>voicegate API reference</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/assets/swagger-ui-standalone-preset.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
`;
  const init = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
});
`;
  r.get(['/docs', '/docs/'], (_req, res) => {
    res.type('text/html').send(page);
  });
  r.get('/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(init);
  });
  // swagger-ui-dist is CommonJS and exposes its directory; only the files the page uses are served.
  const assets = (require('swagger-ui-dist') as { getAbsoluteFSPath(): string }).getAbsoluteFSPath();
  const allowed = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'favicon-32x32.png', 'favicon-16x16.png']);
  const serve = express.static(assets, { index: false, fallthrough: false, maxAge: '1d' });
  r.use('/docs/assets', (req, res, next) => {
    if (!allowed.has(req.path.replace(/^\//, ''))) return next();
    serve(req, res, next);
  });
  return r;
}
