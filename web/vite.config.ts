import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the API process at /app (src/web/web-app.routes.ts); `npm run dev` proxies the API.
export default defineConfig({
  base: '/app/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The strict Content-Security-Policy allows no inline script: no polyfill snippet.
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
  server: {
    proxy: { '/graphql': { target: 'http://127.0.0.1:3000', ws: true }, '/v1': 'http://127.0.0.1:3000', '/recordings': 'http://127.0.0.1:3000' },
  },
});
