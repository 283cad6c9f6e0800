import { pageSkew, readingOrder, textBoxes, type ReadBox } from '../../src/receipts/paddle/boxes';

/** A probability map with the given rectangles set to `p` (x0, y0, x1, y1 exclusive). */
function mapWith(
  width: number,
  height: number,
  rects: [number, number, number, number, number][],
): Float32Array {
  const map = new Float32Array(width * height);
  for (const [x0, y0, x1, y1, p] of rects)
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) map[y * width + x] = p;
  return map;
}

describe('text boxes from the detection map', () => {
  it('finds one box per connected text region, grown by the unclip offset', () => {
    const boxes = textBoxes(
      mapWith(100, 40, [
        [10, 5, 50, 11, 0.9],
        [10, 25, 30, 31, 0.8],
      ]),
      100,
      40,
    );
    expect(boxes).toHaveLength(2);
    const [first] = boxes;
    // 40 × 6 region: offset = 240 × 1.5 / (2 × 46) ≈ 3.9 on every side.
    expect(first.left).toBeCloseTo(10 - 3.913, 2);
    expect(first.right).toBeCloseTo(50 + 3.913, 2);
    expect(first.top).toBeCloseTo(5 - 3.913, 2);
    expect(first.bottom).toBeCloseTo(11 + 3.913, 2);
    expect(first.score).toBeCloseTo(0.9, 5);
  });

  it('drops regions that are too thin or too unsure, and never leaves the map', () => {
    const boxes = textBoxes(
      mapWith(60, 30, [
        [0, 0, 20, 6, 0.95], // at the corner: clipped to the map
        [5, 15, 50, 17, 0.95], // two pixels high: a rule, not text
        [30, 22, 50, 28, 0.5], // above the threshold but below the box threshold
      ]),
      60,
      30,
    );
    expect(boxes).toHaveLength(1);
    expect(boxes[0]).toMatchObject({ left: 0, top: 0 });
  });

  it('keeps two pieces of one line from reading the characters between them twice', () => {
    // Cores 10–40 and 46–80 on the same row: grown by ~4.6 each, they would overlap.
    const boxes = textBoxes(
      mapWith(100, 30, [
        [10, 10, 40, 18, 0.9],
        [46, 10, 80, 18, 0.9],
      ]),
      100,
      30,
    );
    const [a, b] = [...boxes].sort((x, y) => x.left - y.left);
    expect(a.right).toBeLessThanOrEqual(b.left);
    expect(a.right).toBeCloseTo(43, 5);
    expect(b.left).toBeCloseTo(43, 5);
  });
});

describe('reading order', () => {
  const box = (text: string, left: number, top: number, width = 40, height = 20): ReadBox => ({
    text,
    left,
    top,
    right: left + width,
    bottom: top + height,
    confidence: 0.9,
  });

  it('puts boxes of one row on one line, columns apart and word pieces a space apart', () => {
    const text = readingOrder([
      box('33.00', 300, 52),
      box('TOTAL', 10, 50),
      box('BLUE GUM', 10, 0, 80),
      box('CAFE', 95, 2),
      box('', 10, 100),
    ]);
    expect(text).toBe('BLUE GUM CAFE\nTOTAL   33.00');
  });
});

/** A map with lines of text `len` long, 6 high, slanted by `degrees` (y down). */
function slantedLines(
  width: number,
  height: number,
  degrees: number,
  rows: number[],
): Float32Array {
  const map = new Float32Array(width * height);
  const slope = Math.tan((degrees * Math.PI) / 180);
  for (const row of rows)
    for (let x = 10; x < 150; x++) {
      const y0 = Math.round(row + (x - 10) * slope);
      for (let y = y0; y < y0 + 6; y++) if (y >= 0 && y < height) map[y * width + x] = 0.9;
    }
  return map;
}

describe('page skew', () => {
  it('measures how far the text lines of a photo are turned, either way', () => {
    for (const degrees of [3, -5, 8]) {
      const boxes = textBoxes(slantedLines(200, 200, degrees, [30, 70, 110]), 200, 200);
      expect(boxes).toHaveLength(3);
      expect((pageSkew(boxes) * 180) / Math.PI).toBeCloseTo(degrees, 0);
    }
  });

  it('says level for a level page, and for too few lines to tell', () => {
    const level = textBoxes(slantedLines(200, 200, 0, [30, 70, 110]), 200, 200);
    expect(Math.abs(pageSkew(level))).toBeLessThan(0.002);
    const two = textBoxes(slantedLines(200, 200, 5, [30, 90]), 200, 200);
    expect(pageSkew(two)).toBe(0);
  });

  it('goes by the long lines, not by blots or short pieces', () => {
    const lines = [
      { left: 0, right: 300, top: 0, bottom: 10, angle: 0.05, elongation: 30 },
      { left: 0, right: 280, top: 20, bottom: 30, angle: 0.052, elongation: 28 },
      { left: 0, right: 40, top: 40, bottom: 50, angle: -0.3, elongation: 4 },
      { left: 0, right: 30, top: 60, bottom: 70, angle: -0.4, elongation: 5 },
      { left: 0, right: 20, top: 80, bottom: 100, angle: 1.2, elongation: 1.5 },
    ];
    expect(pageSkew(lines)).toBeCloseTo(0.05, 2);
  });
});
