import {
  descriptionCeiling,
  descriptionKey,
  formatSeenSplit,
  pooledSeenSplit,
  seenSplit,
} from '../../src/seen-lines';

const row = (description: string, category: string) => ({ description, category });

describe('seenSplit', () => {
  it('reads a description without its store number, card digits and punctuation', () => {
    expect(descriptionKey('WAL-MART #4064   VIRGINIA BEACVA')).toBe('walmart virginia beacva');
    expect(descriptionKey('TARGET DEBIT CRD ACH TRAN ***********2202')).toBe(
      'target debit crd ach tran',
    );
  });

  it('parts lines labelled before from new ones, with how many each model got right on each', () => {
    const older = [
      row('TARGET #12', 'Shopping'),
      row('TARGET #13', 'Shopping'),
      row('TARGET #14', 'Groceries'),
      row('SHELL 1', 'Fuel'),
    ];
    const test = [
      row('TARGET #99', 'Groceries'),
      row('TARGET #98', 'Shopping'),
      row('SHELL 2', 'Fuel'),
      row('NEW CAFE', 'Dining'),
    ];
    const split = seenSplit(older, test, [false, true, true, true], [true, false, true, false]);
    expect(split.seen).toEqual({ n: 3, warm: 2, baseline: 2, olderMajority: 2 });
    expect(split.unseen).toEqual({ n: 1, warm: 1, baseline: 0 });
    // TARGET is Groceries once and Shopping once in the part: one of the two can be right.
    expect(split.descriptionCeiling).toBe(3);
    expect(formatSeenSplit(split)).toBe(
      "descriptions labelled before: 3 of 4 lines, warm 66.7%, SVM 66.7%, their older labels' majority 66.7%; " +
        'new descriptions: warm 100.0%, SVM 0.0%; the most an answer from the description alone could get: 75.0%',
    );
  });

  it('pools parts by adding their lines, not as a mean of their shares', () => {
    const a = seenSplit([row('A 1', 'x')], [row('A 2', 'x')], [true], [false]);
    const b = seenSplit(
      [],
      [row('B', 'y'), row('C', 'y'), row('D', 'y')],
      [false, false, true],
      [true, true, true],
    );
    const pooled = pooledSeenSplit([a, b]);
    expect(pooled.seen).toEqual({ n: 1, warm: 1, baseline: 0, olderMajority: 1 });
    expect(pooled.unseen).toEqual({ n: 3, warm: 1, baseline: 3 });
    expect(pooled.descriptionCeiling).toBe(4);
  });

  it('answers an empty part with zeros', () => {
    const empty = seenSplit([], [], [], []);
    expect(empty.seen.n + empty.unseen.n).toBe(0);
    expect(empty.descriptionCeiling).toBe(0);
    expect(formatSeenSplit(empty)).not.toContain('NaN');
  });
});

describe('descriptionCeiling', () => {
  it('counts the lines a description-only answer could get right: each description its commonest label', () => {
    const rows = [
      row('TARGET #12', 'Shopping'),
      row('TARGET #13', 'Groceries'),
      row('TARGET #14', 'Shopping'),
      row('TARGET #15', 'Gifts'),
      row('SHELL 1', 'Fuel'),
      row('SHELL 2', 'Fuel'),
    ];
    // TARGET: 2 of its 4 lines at best (Shopping); SHELL: both.
    expect(descriptionCeiling(rows)).toBe(4);
    expect(descriptionCeiling([])).toBe(0);
  });
});
