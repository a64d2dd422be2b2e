# syntax=docker/dockerfile:1
# Build stage: install everything, build the web app and bundle the servers (npm run build).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY api/package.json api/
COPY worker/package.json worker/
COPY web/package.json web/
# `npm install` with the committed lockfile, not `npm ci`: the registry this project is developed
# against serves only this platform's optional binaries (rollup, esbuild), so the lockfile lacks the
# other platforms' entries and `npm ci` refuses it as out of sync. `npm install` installs the locked
# versions unchanged (see scripts/bootstrap.mjs). Where the lockfile is complete, `npm ci` works too.
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime stage: production dependencies only (`--omit=dev`, same lockfile note as above), non-root.
# Only JavaScript runs here: each process is one bundle (scripts/build.mjs) holding our code, with the npm
# packages loaded from node_modules; no TypeScript sources and no tsx.
FROM node:20-bookworm-slim
ENV NODE_ENV=production
# The worker remuxes finalized studio recordings (and the API profile audio) with Debian's ffmpeg.
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY api/package.json api/
COPY worker/package.json worker/
COPY web/package.json web/
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/api/dist ./api/dist
COPY --from=build /app/worker/dist ./worker/dist
COPY --from=build /app/worker/assets ./worker/assets
COPY --from=build /app/scripts/dist ./scripts/dist
COPY --from=build /app/web/dist ./web/dist
COPY --from=build /app/web/dist-ssr ./web/dist-ssr
USER node
EXPOSE 3000
# node itself is the container's main process, so `docker stop`'s SIGTERM reaches the server's drain.
# The flags: see scripts/lib/node-flags.ts (API_NODE_FLAGS; the worker's command adds WORKER_NODE_FLAGS).
CMD ["node", "--max-semi-space-size=64", "--expose-gc", "api/dist/server.js"]
