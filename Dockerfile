# One image for every Aisle process; the compose file picks the entry point per service.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund --omit=optional --ignore-scripts && npm cache clean --force
COPY . .
USER node
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
EXPOSE 8080
CMD ["node", "node_modules/tsx/dist/cli.mjs", "services/storefront-api/main.ts"]
