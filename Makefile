# The two commands of the README: `make dev` and `make test`. Both install what is missing.
SHELL := /bin/bash
export PORT ?= 8080
export DATA_DIR ?= ./.data
# onnxruntime-node's install script would fetch CUDA binaries from GitHub (the CPU ones ship in
# its package); the Dockerfile and .ci/image-build say the same.
export npm_config_onnxruntime_node_install_cuda := skip

.PHONY: install lock build dev test test-distributed run-distributed image-check lint format bench clean

# `npm ci`: exactly the lock's versions, as the Dockerfile and CI install. The lock lists every
# platform's optional packages (checked by tools/testing/test/unit/lockfile.test.ts); if an
# `npm install` with an existing node_modules dropped some (npm/cli#4828), `make lock` puts
# them back.
node_modules/.installed: package.json package-lock.json $(wildcard */package.json services/*/package.json tools/*/package.json)
	npm ci --no-audit --no-fund
	touch $@

install: node_modules/.installed

# Rewrites package-lock.json from package.json and the registry alone (every platform's optional
# packages included), leaving node_modules as it is.
lock:
	npm install --package-lock-only --no-audit --no-fund

build: install
	npx turbo run build

dev: build
	node services/standalone/dist/src/main.js

test: build
	npx jest --selectProjects unit integration

# Distributed-mode tests: real PostgreSQL, Redis and NATS from DATABASE_URL, REDIS_URL, NATS_URL.
test-distributed: build
	npx jest --selectProjects distributed --runInBand

# One process per service against DATABASE_URL (and NATS_URL), real gRPC over TCP between them.
run-distributed: build
	node tools/run-distributed.mjs

# The Dockerfile's build steps without a Docker engine, a start of the pruned tree, and a
# CycloneDX SBOM of the image's dependencies (artifacts/sbom/pfs-image.cdx.json).
image-check:
	.ci/image-build

lint: install
	npx turbo run lint
	npx prettier --check .

bench: build
	node tools/bench/dist/run.js

clean:
	rm -rf node_modules */dist services/*/dist tools/*/dist proto/gen .turbo
