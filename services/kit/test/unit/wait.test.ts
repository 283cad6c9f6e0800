import { waitFor } from '../../src';

describe('waitFor', () => {
  it('resolves once the check holds, counting a throwing check as "not yet"', async () => {
    let calls = 0;
    const took = await waitFor(
      () => {
        calls += 1;
        if (calls === 1) throw new Error('refused');
        return calls >= 3;
      },
      'the third call',
      5_000,
      5,
    );
    expect(calls).toBe(3);
    expect(took).toBeGreaterThanOrEqual(0);
  });

  it('fails at once with the reason stopIf gives, without waiting for the timeout', async () => {
    const started = Date.now();
    await expect(
      waitFor(
        () => false,
        'the gateway',
        30_000,
        5,
        () => 'gateway exited (1)',
      ),
    ).rejects.toThrow('gateway exited (1) while waiting for the gateway');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('says what it waited for and how long when time runs out', async () => {
    await expect(waitFor(async () => false, 'nothing', 30, 5)).rejects.toThrow(
      'timed out after 30 ms waiting for nothing',
    );
  });
});
