# syntax=docker/dockerfile:1
# Build stage: install everything, build the web app.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY api/package.json api/
COPY worker/package.json worker/
COPY web/package.json web/
# npm install with the committed lockfile (see scripts/bootstrap.mjs for why not npm ci).
RUN npm install --no-audit --no-fund
COPY . .
RUN npx vite build web

# Runtime stage: production dependencies only, non-root.
FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY api/package.json api/
COPY worker/package.json worker/
COPY web/package.json web/
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/common ./common
COPY --from=build /app/api ./api
COPY --from=build /app/worker ./worker
COPY --from=build /app/migrations ./migrations
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/web/dist ./web/dist
USER node
EXPOSE 3000
CMD ["npx", "tsx", "api/src/server.ts"]
