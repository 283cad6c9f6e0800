import { evaluate } from '../../src/evaluate';

/** The offline engine on the self-written evaluation set: a regression floor under the figure measured. */
describe('assistant evaluation (self-written set)', () => {
  it('answers at least 90% of the questions with the right tool and figures', async () => {
    const report = await evaluate();
    expect(report.questions).toBeGreaterThanOrEqual(150);
    expect(report.accuracy).toBeGreaterThanOrEqual(0.9);
  });
});
