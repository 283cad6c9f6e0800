/**
 * A webhooks worker process for the crash test: runs the TypeScript sources (compiled on load
 * with @swc/core, @pfs/* mapped to the workspace sources as in jest.config.js), claims one
 * round of due deliveries, and SIGKILLs itself right after the partner answered, before the
 * outcome is recorded.
 */
/* eslint-disable */
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../../../..');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  let m;
  if (request === '@pfs/kit') return path.join(root, 'services/kit/src/index.ts');
  if (request === '@pfs/kit/tracing') return path.join(root, 'services/kit/src/tracing.ts');
  if ((m = /^@pfs\/proto\/(\w+)$/.exec(request)))
    return path.join(root, `proto/gen/pfs/${m[1]}/v1/${m[1]}.ts`);
  return resolveFilename.call(this, request, ...rest);
};
require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: { target: 'es2022', parser: { syntax: 'typescript' } },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};

const { createDb, createLogger } = require('@pfs/kit');
const { createSender, DeliveryWorker, SCHEMA } = require('../../src/index.ts');

const db = createDb({
  connectionString: process.env.CRASH_DATABASE_URL,
  schema: SCHEMA,
  poolMax: 2,
});
const worker = new DeliveryWorker({
  db,
  logger: createLogger('crash-worker', 'silent'),
  sender: createSender({ allowPrivate: true, timeoutMs: 5_000, responseCapBytes: 256 }),
  leaseMs: 60_000,
  afterSend: () => {
    process.send?.({ type: 'sent' });
    process.kill(process.pid, 'SIGKILL');
    return false;
  },
});
worker.runOnce().then(
  (n) => {
    process.send?.({ type: 'nothing', n });
    process.exit(0);
  },
  (err) => {
    console.error(err);
    process.exit(2);
  },
);
