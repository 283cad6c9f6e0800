import {
  ctcDecode,
  detectionTensor,
  writeRecognitionInput,
} from '../../src/receipts/paddle/tensors';
import { asciiPunctuation } from '../../src/receipts/paddle/pipeline';

const ALPHABET = ['', 'A', 'B', '1', '.', ' '];

/** One step per entry: [class, probability], the rest spread evenly; `space` sets the space's share. */
function steps(entries: [number, number, number?][]): Float32Array {
  const classes = ALPHABET.length;
  const out = new Float32Array(entries.length * classes);
  entries.forEach(([k, p, space = 0], t) => {
    const rest = (1 - p - space) / (classes - 2);
    for (let c = 0; c < classes; c++) out[t * classes + c] = rest;
    out[t * classes + k] = p;
    if (space) out[t * classes + classes - 1] = space;
  });
  return out;
}

describe('CTC decoding', () => {
  it('merges repeats, drops blanks and averages the kept characters', () => {
    const probs = steps([
      [1, 0.9],
      [1, 0.8],
      [0, 0.9],
      [1, 0.7],
      [2, 0.6],
    ]);
    const { text, confidence } = ctcDecode(probs, 0, 5, ALPHABET.length, ALPHABET);
    expect(text).toBe('AAB');
    expect(confidence).toBeCloseTo((0.9 + 0.7 + 0.6) / 3, 5);
  });

  it('gives a gap its space back when the space has a clear share of it, once', () => {
    const probs = steps([
      [1, 0.9],
      [0, 0.6, 0.3],
      [0, 0.7, 0.2],
      [2, 0.9],
      [0, 0.9, 0.05],
      [3, 0.9],
    ]);
    expect(ctcDecode(probs, 0, 6, ALPHABET.length, ALPHABET, 0.15).text).toBe('A B1');
    expect(ctcDecode(probs, 0, 6, ALPHABET.length, ALPHABET).text).toBe('AB1');
  });

  it('does not double a space the recogniser printed itself', () => {
    const probs = steps([
      [1, 0.9],
      [0, 0.6, 0.3],
      [5, 0.6],
      [0, 0.6, 0.3],
      [2, 0.9],
    ]);
    expect(ctcDecode(probs, 0, 5, ALPHABET.length, ALPHABET, 0.15).text).toBe('A B');
  });

  it('reads a row at an offset (a batch of boxes)', () => {
    const probs = new Float32Array([
      ...steps([[1, 0.9]]),
      ...steps([
        [3, 0.9],
        [4, 0.8],
      ]),
    ]);
    expect(ctcDecode(probs, ALPHABET.length, 2, ALPHABET.length, ALPHABET).text).toBe('1.');
  });
});

describe('full-width punctuation', () => {
  it('becomes ASCII, but a full-width yen sign stays what it is', () => {
    expect(asciiPunctuation('AEON CO.（M) BHD Date：12/02/2018 ￥15.90')).toBe(
      'AEON CO.(M) BHD Date:12/02/2018 ￥15.90',
    );
  });
});

describe('model inputs', () => {
  it('normalises detection pixels per channel with the ImageNet statistics (CHW)', () => {
    const t = detectionTensor({
      data: new Uint8Array([255, 0, 128, 0, 255, 0]),
      width: 2,
      height: 1,
    });
    expect(t).toHaveLength(6);
    expect(t[0]).toBeCloseTo((1 - 0.485) / 0.229, 4); // R of pixel 0
    expect(t[1]).toBeCloseTo((0 - 0.485) / 0.229, 4); // R of pixel 1
    expect(t[2]).toBeCloseTo((0 - 0.456) / 0.224, 4); // G of pixel 0
    expect(t[5]).toBeCloseTo((0 - 0.406) / 0.225, 4); // B of pixel 1
  });

  it('scales a box to the recogniser height, keeps its proportions, pads with zeros', () => {
    const width = 40;
    const height = 10;
    const data = new Uint8Array(width * height * 3).fill(255);
    // A black left half.
    for (let y = 0; y < height; y++)
      for (let x = 0; x < 20; x++) data.fill(0, (y * width + x) * 3, (y * width + x) * 3 + 3);
    const stride = 120;
    const out = new Float32Array(3 * 48 * stride);
    const written = writeRecognitionInput(
      { data, width, height },
      { left: 0, top: 0, right: 40, bottom: 10 },
      48,
      1600,
      stride,
      out,
      0,
    );
    expect(written).toBe(stride); // 40 × 10 at 48 high is 192 wide: capped by the row
    expect(out[0]).toBe(-1); // black → −1
    expect(out[stride - 1]).toBe(1); // white → 1 (the box fills the stride here)
  });

  it('leaves the padding of a narrow box at zero', () => {
    const data = new Uint8Array(10 * 10 * 3).fill(255);
    const stride = 100;
    const out = new Float32Array(3 * 48 * stride);
    const written = writeRecognitionInput(
      { data, width: 10, height: 10 },
      { left: 0, top: 0, right: 10, bottom: 10 },
      48,
      1600,
      stride,
      out,
      0,
    );
    expect(written).toBe(48);
    expect(out[47]).toBe(1);
    expect(out[48]).toBe(0);
  });
});
