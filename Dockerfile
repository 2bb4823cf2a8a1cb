# syntax=docker/dockerfile:1
# voicegate: one image for every role (ROLE=all | api | worker).
# Checked by reading only: Docker does not run on the machines this was written on.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# The lockfile is committed; `npm install` follows it (`npm ci` refuses lockfiles
# made on a registry that lacks other platforms' optional binaries).
COPY package.json package-lock.json .npmrc ./
COPY web/package.json ./web/
RUN npm install --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY web ./web
RUN npm run build:service && npm run build:web && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
# Heap caps: without them V8 lets the heap grow to ~340 MiB RSS under load; with them the API
# peaks around 160-180 MiB at the same throughput (bench/, "memory").
# --v8-pool-size=1: one V8 helper thread instead of Node's default four. On a small (1-2 vCPU)
# container the default lets a major GC's concurrent marking take every core for ~100 ms, stalling
# the event loop and PostgreSQL beside it (bench/README.md, "Stalls"); raise it on large machines.
ENV NODE_ENV=production \
    NODE_OPTIONS="--max-old-space-size=256 --max-semi-space-size=32 --v8-pool-size=1" \
    PORT=8000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/.data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
# The dashboard's static files, served at /app.
COPY --from=build --chown=node:node /app/web/dist ./web/dist
# flite: the default voice (TTS_ENGINE=flite; without it the service speaks with eSpeak NG).
# pocketsphinx-en-us: the 16 kHz model heard as a second opinion on numbers and options
# (STT_SECOND_OPINION=auto; without it the recognizer uses its 8 kHz model alone). docs/voice.md.
RUN apt-get update && apt-get install -y --no-install-recommends flite pocketsphinx-en-us && rm -rf /var/lib/apt/lists/*
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 8000
# /ready: the database answers and, in a process that runs it, the worker too.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8000)+'/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM drains HTTP, lets the worker finish or release its jobs, then closes the database.
STOPSIGNAL SIGTERM
CMD ["node", "dist/src/main.js"]
