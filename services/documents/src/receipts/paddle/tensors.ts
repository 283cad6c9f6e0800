/**
 * The tensor arithmetic around the PP-OCR models, kept pure so it is unit-tested without them:
 * image pixels to the normalised CHW floats each model expects, and the recogniser's CTC
 * output back to text.
 */

/** An interleaved 3-channel 8-bit image (sharp's `.raw()` output of an RGB image). */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Detection input: ImageNet mean and standard deviation per channel, CHW. */
export function detectionTensor(image: RgbImage): Float32Array {
  const mean = [0.485, 0.456, 0.406];
  const std = [0.229, 0.224, 0.225];
  const plane = image.width * image.height;
  const out = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++)
    for (let c = 0; c < 3; c++)
      out[c * plane + i] = (image.data[i * 3 + c] / 255 - mean[c]) / std[c];
  return out;
}

export interface Region {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * One text box of `image` resized to `height` (bilinear), its width kept in proportion and
 * at most `maxWidth`, scaled to −1…1 as the recogniser was trained, into `out` (CHW, row
 * length `stride`: a batch pads every box to the widest one with zeros).
 * Returns the width written.
 */
export function writeRecognitionInput(
  image: RgbImage,
  region: Region,
  height: number,
  maxWidth: number,
  stride: number,
  out: Float32Array,
  offset: number,
): number {
  const left = Math.max(0, Math.floor(region.left));
  const top = Math.max(0, Math.floor(region.top));
  const right = Math.min(image.width, Math.ceil(region.right));
  const bottom = Math.min(image.height, Math.ceil(region.bottom));
  const w = Math.max(1, right - left);
  const h = Math.max(1, bottom - top);
  const width = Math.min(maxWidth, stride, Math.max(1, Math.round((height * w) / h)));
  const plane = height * stride;
  const sx = w / width;
  const sy = h / height;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(h - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(h - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(w - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(w - 1, x0 + 1);
      const wx = fx - x0;
      const p00 = ((top + y0) * image.width + left + x0) * 3;
      const p01 = ((top + y0) * image.width + left + x1) * 3;
      const p10 = ((top + y1) * image.width + left + x0) * 3;
      const p11 = ((top + y1) * image.width + left + x1) * 3;
      for (let c = 0; c < 3; c++) {
        const v =
          (image.data[p00 + c] * (1 - wx) + image.data[p01 + c] * wx) * (1 - wy) +
          (image.data[p10 + c] * (1 - wx) + image.data[p11 + c] * wx) * wy;
        out[offset + c * plane + y * stride + x] = v / 127.5 - 1;
      }
    }
  }
  return width;
}

/**
 * Greedy CTC decoding of one row of the recogniser's output (`steps` × `classes`
 * probabilities): the most likely class per step, repeats merged, blanks (class 0) dropped.
 * `alphabet[k]` is the character of class k (alphabet[0] is the blank, the last is the space).
 * The confidence is the mean probability of the characters kept.
 *
 * PP-OCRv4's recogniser rarely lets the space win a step on receipt fonts, but between the
 * words it still gives the space a clear share of the blank steps ("ABC HO TRADING": 0.12 and
 * 0.33 in the two gaps, under 0.05 inside the words): a gap where the space reaches
 * `spaceThreshold` gets its space back.
 */
export function ctcDecode(
  probs: Float32Array,
  offset: number,
  steps: number,
  classes: number,
  alphabet: readonly string[],
  spaceThreshold = 1,
): { text: string; confidence: number } {
  const space = alphabet.length - 1;
  let text = '';
  let sum = 0;
  let kept = 0;
  let previous = -1;
  let gapSpace = 0;
  for (let t = 0; t < steps; t++) {
    const row = offset + t * classes;
    let best = 0;
    let bestP = probs[row];
    for (let k = 1; k < classes; k++)
      if (probs[row + k] > bestP) {
        bestP = probs[row + k];
        best = k;
      }
    if (best === 0) {
      if (probs[row + space] > gapSpace) gapSpace = probs[row + space];
    } else if (best !== previous) {
      if (
        best !== space &&
        gapSpace >= spaceThreshold &&
        text !== '' &&
        !text.endsWith(alphabet[space])
      )
        text += alphabet[space];
      text += alphabet[best] ?? '';
      sum += bestP;
      kept++;
      gapSpace = 0;
    }
    previous = best;
  }
  return { text, confidence: kept ? sum / kept : 0 };
}
