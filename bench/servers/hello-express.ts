import express from 'express';

/** Express 5 with nothing but one JSON route: the framework's own share of a request. */
const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.get('/', (_req, res) => {
  res.json({ hello: 'world' });
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1');
server.keepAliveTimeout = 65_000;
process.on('SIGTERM', () => server.close(() => process.exit(0)));
