# The shop's image, in three stages: `build` compiles with every dependency; `deps` installs the production
# dependencies alone; the final stage joins their output on a slim base with Chromium and runs it as the
# unprivileged `node` user with NODE_ENV=production, so the development fallbacks (test payments, the open
# mailbox, the published session secret) are refused at start (backend/src/config/config.ts).
# The same image runs every role: ROLE=all (default), ROLE=web or ROLE=worker (see docker-compose.yml).
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium fonts-quicksand \
  && rm -rf /var/lib/apt/lists/*
# MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (the portrait's level thread, sharp's threads) its own
# arena, where the drawings' freed buffers stay as resident memory: about 100 MB less peak in the worker
# (docs/decisions/007). `npm start` gives its app the same value (scripts/lib/app-env.mjs; scripts/test checks they agree).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    ROLE=all \
    PORT=3000 \
    CHROMIUM_PATH=/usr/bin/chromium \
    STORAGE_DIR=/app/var/storage
WORKDIR /app
# Owned by root and read-only to the app: only var/ (local files, when STORAGE=local) is the app's to write.
COPY --from=deps /app/node_modules node_modules
COPY package.json ./
COPY domain/package.json domain/
COPY --from=build /app/domain/dist domain/dist
COPY backend/package.json backend/
COPY backend/assets backend/assets
COPY --from=build /app/backend/dist backend/dist
COPY frontend/package.json frontend/
COPY --from=build /app/frontend/build frontend/build
RUN mkdir -p var/storage && chown -R node:node var
USER node
EXPOSE 3000
CMD ["node", "backend/dist/main.js"]
