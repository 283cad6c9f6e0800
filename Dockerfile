# syntax=docker/dockerfile:1
# One image for the whole monorepo. Each deployable is the same image with its own command:
#   gateway:   node gateway/dist/src/main.js
#   a service: node services/<name>/dist/src/main.js
#   embedded:  node services/standalone/dist/src/main.js   (writes under DATA_DIR; see ADR 002)
#
#   docker build -t pfs:dev .
#   docker run --rm --read-only --tmpfs /tmp -p 8080:8080 pfs:dev
#
# Node.js 24 (LTS); package.json `engines` allows 22.12 and later. CI runs these build steps
# without a Docker engine (.ci/image-build: the same commands in a clean directory, a start of
# the pruned tree, and a CycloneDX SBOM of what the runtime stage ships).
ARG NODE_IMAGE=node:24-bookworm-slim

# --- manifests: only the package.json files and the lockfile, so `npm ci` below stays cached
# until a dependency changes (not on every source edit).
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && find . -name node_modules -prune -o \( -name package.json -o -name package-lock.json \) -print \
    | xargs cp --parents -t /manifests

# --- build: install everything, compile every deployable, then drop dev dependencies.
# `npm ci` needs a lock file that lists every platform's optional packages (so that it installs
# on linux/arm64 as on linux/amd64); `make lock` keeps it so, a unit test checks it.
FROM ${NODE_IMAGE} AS build
# A native module without a prebuilt binary for this platform compiles with these.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV TURBO_TELEMETRY_DISABLED=1 \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false \
    npm_config_onnxruntime_node_install_cuda=skip
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm ci
COPY . .
# The gateway and services/* (and what they depend on: proto, kit); tools/ are not shipped.
RUN npx turbo run build --filter=./gateway --filter='./services/*'
# tools/ goes, so do its workspaces' links in node_modules (dangling, e.g. @pfs/bench).
# onnxruntime-node carries every platform's native runtime (134 MB): only this one's stays.
RUN npm prune --omit=dev \
 && rm -rf .turbo tools node_modules/.cache \
 && find node_modules -xtype l -delete \
 && ort=node_modules/onnxruntime-node/bin/napi-v3 \
 && find "$ort" -mindepth 2 -maxdepth 2 -type d ! -path "$ort/$(node -p 'process.platform + "/" + process.arch')" -exec rm -rf {} +

# --- runtime: non-root, nothing writable but /tmp (mount an emptyDir or tmpfs there).
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    TMPDIR=/tmp \
    NPM_CONFIG_UPDATE_NOTIFIER=false
RUN groupadd --gid 10001 pfs \
 && useradd --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent \
      --shell /usr/sbin/nologin pfs
WORKDIR /app
# Owned by root and not writable by uid 10001: the app cannot change its own code.
COPY --from=build /app ./
USER 10001:10001
EXPOSE 8080 50051 50052 50053 50054 50055 50056 50057 50058
# Node is PID 1 and handles SIGTERM itself (graceful shutdown in @pfs/kit).
CMD ["node", "gateway/dist/src/main.js"]
