# pdbscope: the BFF serving the API and the built web app on one port.
# Build: docker build -t pdbscope .   Run in a cluster: kubectl apply -k deploy/
# Stages: deps (all dependencies) → build (the web app) → prod-deps (runtime dependencies of the
# BFF only) → runtime (non-root, no build tools, no dev dependencies).

FROM node:20-bookworm-slim AS base
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true
RUN npm install -g pnpm@10.34.9
WORKDIR /src
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY apps/bff/package.json apps/bff/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/sim/package.json packages/sim/
COPY e2e/package.json e2e/

FROM base AS build
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm --filter @pdbscope/web build

FROM base AS prod-deps
RUN pnpm install --frozen-lockfile --prod --filter "@pdbscope/bff..."

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=7070
WORKDIR /app
COPY package.json pnpm-workspace.yaml ./
COPY apps/bff/package.json apps/bff/tsconfig.json apps/bff/
COPY apps/bff/src apps/bff/src
COPY packages/shared/package.json packages/shared/tsconfig.json packages/shared/
COPY packages/shared/src packages/shared/src
COPY packages/sim/package.json packages/sim/
COPY packages/sim/src packages/sim/src
COPY packages/sim/scenarios packages/sim/scenarios
COPY tooling/tsconfig.base.json tooling/
COPY --from=prod-deps /src/node_modules node_modules
COPY --from=prod-deps /src/apps/bff/node_modules apps/bff/node_modules
COPY --from=prod-deps /src/packages/shared/node_modules packages/shared/node_modules
COPY --from=prod-deps /src/packages/sim/node_modules packages/sim/node_modules
COPY --from=build /src/apps/web/dist apps/web/dist
# The image's `node` user (uid 1000); tsx keeps its transpile cache in /tmp (an emptyDir in the pod).
USER 1000:1000
EXPOSE 7070
CMD ["node", "--import", "tsx", "apps/bff/src/main.ts"]
