# pdbscope: the BFF serving the API and the built web app on one port.
# Build: docker build -t pdbscope .   Run in a cluster: kubectl apply -k deploy/
# Stages: base (manifests) → build (the web app and the BFF bundle) → runtime (non-root, no
# node_modules: the BFF bundle carries its dependencies, as `pnpm start` runs it).

FROM node:20-bookworm-slim AS base
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true
RUN npm install -g pnpm@10.34.9
WORKDIR /src
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY apps/bff/package.json apps/bff/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/sim/package.json packages/sim/
COPY packages/cli/package.json packages/cli/
COPY e2e/package.json e2e/

FROM base AS build
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm --filter @pdbscope/web build && pnpm --filter @pdbscope/bff build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=7070
WORKDIR /app
# The bundle resolves the web app (and, for --sim, the demo scenarios) relative to itself.
COPY --from=build /src/apps/bff/dist apps/bff/dist
COPY --from=build /src/apps/web/dist apps/web/dist
COPY packages/sim/scenarios packages/sim/scenarios
# The image's `node` user (uid 1000).
USER 1000:1000
EXPOSE 7070
CMD ["node", "apps/bff/dist/main.js"]
