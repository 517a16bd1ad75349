# syntax=docker/dockerfile:1
# One image for every process of the product: `--only api|relay|projector|webhooks|notifier` picks the parts, and
# the migrate command runs as a one-shot step (docker-compose.yml shows both). The build steps are CI's and
# `npm start`'s: `npm ci`, `npm run build:web`, `npm run build:server`.
ARG NODE_VERSION=20.19

FROM node:${NODE_VERSION}-bookworm-slim AS manifests
WORKDIR /app
# Only the manifests, so the dependency layers below are rebuilt when they change and not on every source edit.
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY services/domain/package.json services/domain/
COPY services/eventstore/package.json services/eventstore/
COPY services/webhooks/package.json services/webhooks/
COPY services/notifier/package.json services/notifier/
COPY services/api/package.json services/api/
COPY projections/package.json projections/
COPY infra/package.json infra/
COPY web/package.json web/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:web && npm run build:server

FROM manifests AS production-dependencies
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2
WORKDIR /app
# The bundle loads its npm packages from the node_modules above it; the workspace's own packages are inside it.
COPY --from=production-dependencies /app/node_modules node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/dist/server dist/server
COPY --from=build /app/web/dist web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Liveness only: readiness (/api/health/ready) is for the proxy, which must stop sending before the process goes.
# A process started with --only and no api has no listener: its service turns this check off.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/live`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `npm start`'s memory settings: MALLOC_ARENA_MAX above, V8's young generation here.
ENTRYPOINT ["node", "--max-semi-space-size=4", "dist/server/start.mjs"]
