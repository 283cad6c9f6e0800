import { Webhook } from 'standardwebhooks';
import {
  addressProblem,
  checkWebhookUrl,
  parseWebhookUrl,
  UrlRefused,
} from '../../src/domain/ssrf';
import { JITTER, MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelayMs } from '../../src/domain/schedule';
import { newSecret, signHeaders } from '../../src/domain/secret';
import { deliveryBody } from '../../src/domain/events';
import { createSecretBox } from '../../src/domain/secret-box';

describe('retry schedule', () => {
  it('follows Standard Webhooks: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; over 24 h in all', () => {
    expect(RETRY_DELAYS_MS).toEqual([5e3, 3e5, 18e5, 72e5, 18e6, 36e6, 36e6]);
    expect(MAX_ATTEMPTS).toBe(8);
    const total = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(24 * 3_600_000);
  });

  it('adds up to 10 % of jitter, never less than the schedule, and stops after the last retry', () => {
    expect(retryDelayMs(1, () => 0)).toBe(5_000);
    expect(retryDelayMs(1, () => 0.999999)).toBeLessThanOrEqual(5_000 * (1 + JITTER));
    expect(retryDelayMs(7, () => 0.5)).toBe(36e6 * 1.05);
    expect(retryDelayMs(8)).toBeUndefined();
  });
});

describe('addresses', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.251',
    '255.255.255.255',
    '::1',
    '::',
    '::ffff:8.8.8.8',
    'fe80::1',
    'fd00:ec2::254',
    'ff02::1',
    '64:ff9b::a00:1',
    '2001::1',
  ])('refuses %s', (address) => {
    expect(addressProblem(address)).toBeDefined();
  });

  it.each(['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111'])('accepts %s', (address) => {
    expect(addressProblem(address)).toBeUndefined();
  });

  it('requires https unless private URLs are allowed, and no credentials', () => {
    expect(() => parseWebhookUrl('http://a.example/', false)).toThrow(UrlRefused);
    expect(parseWebhookUrl('http://a.example/', true).hostname).toBe('a.example');
    expect(() => parseWebhookUrl('https://u:p@a.example/', true)).toThrow(UrlRefused);
    expect(() => parseWebhookUrl(`https://a.example/${'x'.repeat(2100)}`, false)).toThrow(
      UrlRefused,
    );
  });

  it('refuses a host when any of its addresses is not public', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 as const },
      { address: '10.0.0.1', family: 4 as const },
    ];
    await expect(
      checkWebhookUrl('https://a.example/', { allowPrivate: false, resolve }),
    ).rejects.toThrow('10.0.0.1 is not a public address (private)');
    await expect(
      checkWebhookUrl('https://a.example/', { allowPrivate: true, resolve }),
    ).resolves.toMatchObject({
      addresses: [{ address: '93.184.216.34' }, { address: '10.0.0.1' }],
    });
  });
});

describe('signing', () => {
  it('produces headers the standardwebhooks library verifies, with one signature per valid secret', () => {
    const secret = newSecret();
    const previous = newSecret();
    const body = deliveryBody('rule.executed', '2025-01-01T00:00:00.000Z', { runId: 'x' });
    const at = new Date();
    const one = signHeaders('msg_1', at, body, { secret });
    expect(new Webhook(secret).verify(body, one)).toEqual(JSON.parse(body));
    expect(() => new Webhook(previous).verify(body, one)).toThrow();

    const both = signHeaders('msg_1', at, body, {
      secret,
      previousSecret: previous,
      previousSecretExpiresAt: new Date(at.getTime() + 1000),
    });
    expect(both['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(previous).verify(body, both)).toEqual(JSON.parse(body));
    const expired = signHeaders('msg_1', at, body, {
      secret,
      previousSecret: previous,
      previousSecretExpiresAt: new Date(at.getTime() - 1),
    });
    expect(expired['webhook-signature'].split(' ')).toHaveLength(1);
  });
});

describe('secrets at rest', () => {
  it('seals and opens with a key, passes through without one, refuses a sealed row without it', () => {
    const secret = newSecret();
    const box = createSecretBox('k'.repeat(32));
    const sealed = box.seal(secret);
    expect(sealed).toMatch(/^enc:v1:/);
    expect(box.seal(secret)).not.toBe(sealed);
    expect(box.open(sealed)).toBe(secret);
    expect(box.open(secret)).toBe(secret);
    expect(() => createSecretBox().open(sealed)).toThrow('WEBHOOK_SECRET_KEY');
    expect(() => createSecretBox('another key').open(sealed)).toThrow();
    expect(createSecretBox().seal(secret)).toBe(secret);
  });
});
