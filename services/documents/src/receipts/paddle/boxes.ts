import type { Region } from './tensors';

/**
 * Text boxes from the PP-OCR detection model's probability map (the "DB" post-processing of
 * PaddleOCR, for upright pages): pixels above `threshold` are text, each 8-connected region is
 * one text line, kept when its mean probability reaches `boxThreshold`, and grown back by the
 * margin the model was trained to shrink text by (`unclipRatio`: the offset is
 * area × ratio / perimeter, as PaddleOCR's unclip). Pure: numbers in, boxes out.
 */
export interface Box extends Region {
  /** Mean text probability inside the region. */
  score: number;
  /** The region's long axis against the horizontal (radians, y down: > 0 falls to the right). */
  angle: number;
  /** Long axis over short axis (a line of text is long and thin; a blot is not). */
  elongation: number;
}

export interface BoxOptions {
  threshold: number;
  boxThreshold: number;
  unclipRatio: number;
  /** Regions whose shorter side is below this (map pixels) are noise. */
  minSize: number;
}

export const DEFAULT_BOX_OPTIONS: BoxOptions = {
  threshold: 0.3,
  boxThreshold: 0.6,
  unclipRatio: 1.5,
  minSize: 3,
};

export function textBoxes(
  map: Float32Array,
  width: number,
  height: number,
  options: BoxOptions = DEFAULT_BOX_OPTIONS,
): Box[] {
  const seen = new Uint8Array(width * height);
  const stack = new Int32Array(width * height);
  const boxes: (Box & { core: { left: number; right: number } })[] = [];
  for (let start = 0; start < map.length; start++) {
    if (seen[start] || map[start] <= options.threshold) continue;
    let left = width;
    let right = -1;
    let top = height;
    let bottom = -1;
    let sum = 0;
    let count = 0;
    // Moments of the pixels, for the region's axis.
    let mx = 0;
    let my = 0;
    let mxx = 0;
    let myy = 0;
    let mxy = 0;
    let sp = 0;
    stack[sp++] = start;
    seen[start] = 1;
    while (sp) {
      const p = stack[--sp];
      const x = p % width;
      const y = (p - x) / width;
      sum += map[p];
      count++;
      mx += x;
      my += y;
      mxx += x * x;
      myy += y * y;
      mxy += x * y;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const q = ny * width + nx;
          if (!seen[q] && map[q] > options.threshold) {
            seen[q] = 1;
            stack[sp++] = q;
          }
        }
      }
    }
    const w = right - left + 1;
    const h = bottom - top + 1;
    if (Math.min(w, h) < options.minSize) continue;
    const score = sum / count;
    if (score < options.boxThreshold) continue;
    const offset = (w * h * options.unclipRatio) / (2 * (w + h));
    const { angle, elongation } = principalAxis(
      mxx / count - (mx / count) ** 2,
      myy / count - (my / count) ** 2,
      mxy / count - (mx / count) * (my / count),
    );
    const box = {
      left: Math.max(0, left - offset),
      top: Math.max(0, top - offset),
      right: Math.min(width, right + 1 + offset),
      bottom: Math.min(height, bottom + 1 + offset),
      score,
      angle,
      elongation,
      core: { left, right: right + 1 },
    };
    if (Math.min(box.right - box.left, box.bottom - box.top) < options.minSize + 2) continue;
    boxes.push(box);
  }
  return separateLineMates(boxes);
}

/** The long axis of a region from its second moments (variances and covariance). */
function principalAxis(vxx: number, vyy: number, vxy: number) {
  const angle = 0.5 * Math.atan2(2 * vxy, vxx - vyy);
  const spread = Math.sqrt(((vxx - vyy) / 2) ** 2 + vxy ** 2);
  const major = (vxx + vyy) / 2 + spread;
  const minor = Math.max((vxx + vyy) / 2 - spread, 1e-6);
  return { angle, elongation: Math.sqrt(major / minor) };
}

/**
 * How far a photographed page is turned from level (radians, the sign of `Box.angle`): the
 * length-weighted median axis of its text lines, when at least three lines say so. Lines of a
 * slanted page grouped by their centres' height mix a label with the amount of the line above
 * from about two degrees on; straightened first, they do not.
 */
export function pageSkew(lines: (Region & Pick<Box, 'angle' | 'elongation'>)[]): number {
  const axes = lines
    .filter((l) => l.elongation >= 4 && Math.abs(l.angle) < Math.PI / 6)
    .map((l) => ({ angle: l.angle, weight: l.right - l.left }))
    .sort((a, b) => a.angle - b.angle);
  if (axes.length < 3) return 0;
  const half = axes.reduce((s, a) => s + a.weight, 0) / 2;
  let seen = 0;
  for (const a of axes) {
    seen += a.weight;
    if (seen >= half) return a.angle;
  }
  return 0;
}

/**
 * Two pieces of one printed line ("ABN 51 824" and "753 556") grown into each other would
 * both read the characters in between: where they overlap, each keeps its side of the gap.
 */
function separateLineMates(boxes: (Box & { core: { left: number; right: number } })[]): Box[] {
  const sameLine = (a: Box, b: Box) =>
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) >
    0.5 * Math.min(a.bottom - a.top, b.bottom - b.top);
  for (const a of boxes)
    for (const b of boxes) {
      if (a === b || a.core.right > b.core.left || !sameLine(a, b)) continue;
      if (a.right <= b.left) continue;
      const middle = (a.core.right + b.core.left) / 2;
      a.right = Math.min(a.right, middle);
      b.left = Math.max(b.left, middle);
    }
  return boxes.map(({ core: _core, ...box }) => box);
}

/** A recognised box: its text, where it is, and how sure the recogniser was (0–1). */
export interface ReadBox extends Region {
  text: string;
  confidence: number;
}

/**
 * Lines in reading order: boxes whose vertical centres are within half the smaller box's
 * height share a line, read left to right, separated by one space when they are a word apart
 * and by wide spaces when further (so the extraction's "label … amount" columns survive);
 * lines top to bottom.
 */
export function readingOrder(boxes: ReadBox[]): string {
  const sorted = boxes
    .filter((b) => b.text.trim())
    .map((b) => ({ ...b, cy: (b.top + b.bottom) / 2, h: b.bottom - b.top }))
    .sort((a, b) => a.cy - b.cy);
  const lines: { cy: number; h: number; boxes: typeof sorted }[] = [];
  for (const b of sorted) {
    const line = lines.at(-1);
    if (line && Math.abs(b.cy - line.cy) < Math.min(b.h, line.h) / 2) line.boxes.push(b);
    else lines.push({ cy: b.cy, h: b.h, boxes: [b] });
  }
  return lines
    .map((l) =>
      l.boxes
        .sort((a, b) => a.left - b.left)
        .map((b, i, all) => {
          if (i === 0) return b.text.trim();
          // Pieces a word space apart are one phrase ("ABN 51 824" "753 556"); a wider gap
          // is a column ("TOTAL" … "33.00").
          const gap = b.left - all[i - 1].right;
          return `${gap < 0.8 * Math.min(b.h, all[i - 1].h) ? ' ' : '   '}${b.text.trim()}`;
        })
        .join(''),
    )
    .join('\n');
}
