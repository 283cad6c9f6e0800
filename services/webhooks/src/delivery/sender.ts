import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkWebhookUrl, UrlRefused, type Resolver } from '../domain/ssrf';

export interface SendRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface SendResult {
  ok: boolean;
  status?: number;
  latencyMs: number;
  /** The first bytes of the answer (at most the cap; the rest is not read). */
  responseExcerpt: string;
  error?: string;
}

export interface SenderOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  responseCapBytes: number;
  resolve?: Resolver;
  /** Test seam: TLS options for a test receiver with its own certificate authority. */
  ca?: string | Buffer;
}

export type Sender = (req: SendRequest) => Promise<SendResult>;

const USER_AGENT = 'pfs-webhooks/1';

/**
 * One webhook request: the URL is checked again, then the connection goes to the address the
 * check approved (a `lookup` that answers only it), so DNS cannot change the target in
 * between. Redirects are not followed (a 3xx is a failure); the answer is read up to the cap;
 * the whole exchange is cut at the timeout. Success is a 2xx.
 */
export function createSender(opts: SenderOptions): Sender {
  return async ({ url, headers, body }) => {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let checked;
    try {
      checked = await checkWebhookUrl(url, {
        allowPrivate: opts.allowPrivate,
        resolve: opts.resolve,
      });
    } catch (err) {
      const reason = err instanceof UrlRefused ? err.reason : String(err);
      return {
        ok: false,
        latencyMs: elapsed(),
        responseExcerpt: '',
        error: `URL refused: ${reason}`,
      };
    }
    const { url: target, addresses } = checked;
    const pinned = addresses[0];
    const lookup: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) {
        (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
          { address: pinned.address, family: pinned.family },
        ]);
      } else {
        callback(null, pinned.address, pinned.family);
      }
    };
    const transport = target.protocol === 'https:' ? https : http;
    return new Promise<SendResult>((resolve) => {
      let settled = false;
      const finish = (result: Omit<SendResult, 'latencyMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...result, latencyMs: elapsed() });
      };
      const req = transport.request(
        target,
        {
          method: 'POST',
          lookup,
          agent: false,
          ...(opts.ca ? { ca: opts.ca } : {}),
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'user-agent': USER_AGENT,
          },
        },
        (res) => {
          const status = res.statusCode ?? 0;
          const chunks: Buffer[] = [];
          let kept = 0;
          const done = () => {
            const ok = status >= 200 && status < 300;
            finish({
              ok,
              status,
              responseExcerpt: Buffer.concat(chunks).toString('utf8'),
              error: ok
                ? undefined
                : status >= 300 && status < 400
                  ? `HTTP ${status} (redirects are not followed)`
                  : `HTTP ${status}`,
            });
            res.destroy();
          };
          res.on('data', (chunk: Buffer) => {
            const room = opts.responseCapBytes - kept;
            if (room > 0) {
              chunks.push(chunk.subarray(0, room));
              kept += Math.min(room, chunk.length);
            }
            if (kept >= opts.responseCapBytes) done();
          });
          res.on('end', done);
          res.on('error', done);
        },
      );
      const timer = setTimeout(() => {
        finish({ ok: false, responseExcerpt: '', error: `timed out after ${opts.timeoutMs} ms` });
        req.destroy();
      }, opts.timeoutMs);
      req.on('error', (err) =>
        finish({ ok: false, responseExcerpt: '', error: err.message || String(err) }),
      );
      req.end(body);
    });
  };
}
