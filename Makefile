# The two commands of the README: `make dev` and `make test`. Both install what is missing.
SHELL := /bin/bash
export PORT ?= 8080
export DATA_DIR ?= ./.data

.PHONY: install build dev test test-distributed run-distributed lint format bench clean

# `npm install` (not `npm ci`): this npm writes lock files without other platforms' optional
# packages, which `npm ci` then rejects as out of sync; install still honours the lock's versions.
node_modules/.installed: package.json package-lock.json $(wildcard */package.json services/*/package.json tools/*/package.json)
	npm install --no-audit --no-fund
	touch $@

install: node_modules/.installed

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

lint: install
	npx turbo run lint
	npx prettier --check .

bench: build
	node tools/bench/dist/run.js

clean:
	rm -rf node_modules */dist services/*/dist tools/*/dist proto/gen .turbo
