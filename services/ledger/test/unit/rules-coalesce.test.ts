import { coalesce, type CheckState } from '../../src/rules/source';

/** A check whose answer the test hands out, recording when each one started. */
function checks() {
  const started: { answer: (v: number) => void; fail: (e: Error) => void }[] = [];
  const check = () =>
    new Promise<number>((answer, fail) => {
      started.push({ answer, fail });
    });
  return { started, check };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('coalesced rules-version checks', () => {
  it('runs the first caller’s check at once and forgets the key afterwards', async () => {
    const map = new Map<string, CheckState<number>>();
    const { started, check } = checks();
    const first = coalesce(map, 'u', check);
    expect(started).toHaveLength(1);
    started[0]!.answer(1);
    await expect(first).resolves.toBe(1);
    expect(map.size).toBe(0);
  });

  it('never lets a later caller share a check that began before it arrived', async () => {
    const map = new Map<string, CheckState<number>>();
    const { started, check } = checks();
    const a = coalesce(map, 'u', check);
    // b and c arrive while a's check runs: they share one new check, started after a's ends.
    const b = coalesce(map, 'u', check);
    const c = coalesce(map, 'u', check);
    expect(started).toHaveLength(1);
    started[0]!.answer(1);
    await expect(a).resolves.toBe(1);
    await tick();
    expect(started).toHaveLength(2);
    // d arrives during the second check: it waits for a third.
    const d = coalesce(map, 'u', check);
    started[1]!.answer(2);
    await expect(Promise.all([b, c])).resolves.toEqual([2, 2]);
    await tick();
    expect(started).toHaveLength(3);
    started[2]!.answer(3);
    await expect(d).resolves.toBe(3);
    expect(map.size).toBe(0);
  });

  it('keeps users apart and starts the next check after a failed one', async () => {
    const map = new Map<string, CheckState<number>>();
    const { started, check } = checks();
    const a = coalesce(map, 'u', check);
    const other = coalesce(map, 'v', check);
    expect(started).toHaveLength(2);
    const b = coalesce(map, 'u', check);
    started[0]!.fail(new Error('deadline'));
    await expect(a).rejects.toThrow('deadline');
    await tick();
    expect(started).toHaveLength(3);
    started[2]!.answer(7);
    started[1]!.answer(9);
    await expect(b).resolves.toBe(7);
    await expect(other).resolves.toBe(9);
    expect(map.size).toBe(0);
  });
});
