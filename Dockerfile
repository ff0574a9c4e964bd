# syntax=docker/dockerfile:1

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY scripts/bundle.ts ./scripts/
# dist/: tsc's modules (the CLI, bin/adlink.js) and the server bundled into dist/server.js; the pruned
# node_modules stays for the CLI and what the bundle leaves there (Swagger UI's files, msgpackr-extract).
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chown=node:node bin ./bin
COPY --chown=node:node views ./views
COPY --chown=node:node public ./public
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# V8 grows the old generation by half its live size before a full collection (instead of up to four
# times) and keeps young-generation semi-spaces at 8 MB: under load an instance stays near 140 MB instead
# of ~200 MB of not yet collected garbage (bench/README.md). Flags on the command line: NODE_OPTIONS
# does not take --heap-growing-percent.
CMD ["node", "--heap-growing-percent=50", "--max-semi-space-size=8", "dist/server.js"]
