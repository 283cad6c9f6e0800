import sharp from 'sharp';
import { mulberry32, type PhotoPlan, type PrintedLine, type SyntheticDocument } from './generate';

/**
 * Draws a generated document as a phone photo (JPEG): the printed lines on thermal paper (a
 * receipt, monospace or sans) or white paper (an invoice, sans), then the photo's distortions
 * as its plan says: thermal fade (lighter ink under an uneven white veil), creases (a line with
 * a shadow and a step of light across the page), the table it lies on with uneven light, low
 * contrast, a slant, blur, speckle and sensor noise, a quarter or half turn, JPEG compression.
 * Deterministic: the same document gives the same bytes.
 */

const MONO = "'DejaVu Sans Mono', monospace";
const SANS = "'DejaVu Sans', sans-serif";
/** Average advance of a character, in ems: DejaVu Sans Mono's is 0.602; Sans in capitals ~0.68. */
const ADVANCE = { mono: 0.602, sans: 0.64 } as const;

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface Layout {
  svg: string;
  width: number;
  height: number;
}

/** The document's page as SVG, at the photo's size (before its turn and slant). */
export function documentSvg(doc: SyntheticDocument): Layout {
  const p = doc.photo;
  const invoice = doc.key.kind === 'invoice';
  const width = p.widthPx;
  const margin = Math.round(width * p.marginShare);
  const paperW = width - 2 * margin;
  const pad = Math.round(paperW * (invoice ? 0.07 : 0.05));
  const columns = invoice ? 72 : 42;
  const advance = invoice ? 0.6 : ADVANCE[p.font];
  const font = (paperW - 2 * pad) / (columns * advance);
  const family = p.font === 'mono' ? MONO : SANS;
  const lineH = font * 1.38;

  // Vertical layout first: each line's baseline and size.
  const placed: { line: PrintedLine; y: number; size: number }[] = [];
  let y = pad;
  for (const line of doc.lines) {
    let size = font;
    if (line.style === 'title') {
      const fit = (paperW - 2 * pad) / (Math.max(line.text.length, 1) * ADVANCE.sans * 1.08);
      size = Math.min(font * (invoice ? 1.7 : 1.35), fit);
    } else if (line.style === 'small') size = font * 0.88;
    const h = line.style === 'blank' ? lineH * 0.6 : line.style === 'title' ? size * 1.45 : lineH;
    placed.push({ line, y: y + h * 0.75, size });
    y += h;
  }
  let paperH = Math.round(y + pad * 1.2);
  if (invoice) paperH = Math.max(paperH, Math.round(paperW * 1.3));
  const height = paperH + 2 * margin;
  const x0 = margin;
  const y0 = margin;
  const right = x0 + paperW - pad;
  const colW = paperW * 0.17;

  const text = (s: string, x: number, yy: number, size: number, anchor: string, bold: boolean) =>
    `<text x="${x.toFixed(1)}" y="${(y0 + yy).toFixed(1)}" font-family="${family}" font-size="${size.toFixed(1)}"${
      bold ? ' font-weight="bold"' : ''
    }${anchor !== 'start' ? ` text-anchor="${anchor}"` : ''} fill="${p.ink}" xml:space="preserve">${escape(s)}</text>`;

  const body: string[] = [];
  for (const { line, y: yy, size } of placed) {
    const bold = line.style === 'title' || line.style === 'bold';
    if (line.style === 'blank') continue;
    if (line.style === 'rule') {
      if (invoice)
        body.push(
          `<line x1="${x0 + pad}" y1="${(y0 + yy - size * 0.3).toFixed(1)}" x2="${right}" y2="${(y0 + yy - size * 0.3).toFixed(1)}" stroke="${p.ink}" stroke-width="${Math.max(1, size * 0.08).toFixed(1)}"/>`,
        );
      else {
        const n = p.font === 'mono' ? columns : Math.floor((paperW - 2 * pad) / (size * 0.361));
        body.push(text('-'.repeat(n), x0 + pad, yy, size, 'start', false));
      }
      continue;
    }
    if (line.cells) {
      if (line.text) body.push(text(line.text, x0 + pad, yy, size, 'start', bold));
      line.cells.forEach((cell, k) => {
        if (!cell) return;
        const edge = right - (line.cells!.length - 1 - k) * colW;
        body.push(text(cell, edge, yy, size, 'end', bold));
      });
      continue;
    }
    if (line.align === 'center' && line.right === undefined)
      body.push(text(line.text, x0 + paperW / 2, yy, size, 'middle', bold));
    else {
      if (line.text) body.push(text(line.text, x0 + pad, yy, size, 'start', bold));
      if (line.right) body.push(text(line.right, right, yy, size, 'end', bold));
    }
  }

  const defs: string[] = [];
  const over: string[] = [];
  // Thermal fade: a white veil of uneven opacity over the print.
  if (p.fade) {
    const stops = p.fade.stops
      .map(
        (o, i) =>
          `<stop offset="${(i / (p.fade!.stops.length - 1)).toFixed(2)}" stop-color="#ffffff" stop-opacity="${o.toFixed(3)}"/>`,
      )
      .join('');
    defs.push(
      `<linearGradient id="fade" gradientTransform="rotate(${p.fade.angleDeg} 0.5 0.5)">${stops}</linearGradient>`,
    );
    over.push(`<rect x="${x0}" y="${y0}" width="${paperW}" height="${paperH}" fill="url(#fade)"/>`);
  }
  // Creases: a step of light beyond the fold, a soft shadow along it, the crease itself.
  p.folds.forEach((f, i) => {
    const id = `crease${i}`;
    // One drawing for both directions: positions run along the axis across the fold.
    const v = f.vertical;
    const at = v ? x0 + paperW * f.at : y0 + paperH * f.at;
    const end = v ? x0 + paperW : y0 + paperH;
    const band = v ? paperW * 0.04 : paperH * 0.025;
    const strip = (from: number, size: number) =>
      v
        ? `x="${from.toFixed(1)}" y="${y0}" width="${size.toFixed(1)}" height="${paperH}"`
        : `x="${x0}" y="${from.toFixed(1)}" width="${paperW}" height="${size.toFixed(1)}"`;
    const line = (pos: number) =>
      v
        ? `x1="${pos.toFixed(1)}" y1="${y0}" x2="${pos.toFixed(1)}" y2="${y0 + paperH}"`
        : `x1="${x0}" y1="${pos.toFixed(1)}" x2="${x0 + paperW}" y2="${pos.toFixed(1)}"`;
    defs.push(
      `<linearGradient id="${id}" x1="0" y1="0" x2="${v ? 1 : 0}" y2="${v ? 0 : 1}"><stop offset="0" stop-color="#000" stop-opacity="0.16"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>`,
    );
    over.push(
      `<rect ${strip(at, end - at)} fill="#000" fill-opacity="${f.shade.toFixed(3)}"/>`,
      `<rect ${strip(at, band)} fill="url(#${id})"/>`,
      `<line ${line(at - 1.5)} stroke="#fff" stroke-opacity="0.55" stroke-width="1.5"/>`,
      `<line ${line(at)} stroke="#000" stroke-opacity="0.28" stroke-width="1.6"/>`,
    );
  });

  // The paper: on a table (a torn bottom edge for a till roll, a soft shadow), or filling the frame.
  let paper: string;
  let table = '';
  let light = '';
  if (p.surface) {
    const teeth = Math.max(12, Math.round(paperW / 22));
    const depth = Math.max(4, paperW * 0.008);
    const points = [`${x0},${y0}`, `${x0 + paperW},${y0}`];
    if (invoice) points.push(`${x0 + paperW},${y0 + paperH}`, `${x0},${y0 + paperH}`);
    else
      for (let k = teeth; k >= 0; k--)
        points.push(
          `${(x0 + (paperW * k) / teeth).toFixed(1)},${(y0 + paperH - (k % 2 ? depth : 0)).toFixed(1)}`,
        );
    defs.push(
      `<filter id="shadow"><feGaussianBlur stdDeviation="${(margin / 6).toFixed(1)}"/></filter>`,
    );
    table =
      `<rect width="${width}" height="${height}" fill="${p.surface}"/>` +
      `<polygon points="${points.join(' ')}" transform="translate(${(margin / 8).toFixed(1)} ${(margin / 6).toFixed(1)})" fill="#000" fill-opacity="0.45" filter="url(#shadow)"/>`;
    paper = `<polygon points="${points.join(' ')}" fill="${p.paper}"/>`;
    const angle = p.noiseSeed % 360;
    defs.push(
      `<linearGradient id="light" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${p.lightFalloff.toFixed(3)}"/></linearGradient>`,
    );
    light = `<rect width="${width}" height="${height}" fill="url(#light)"/>`;
  } else paper = `<rect width="${width}" height="${height}" fill="${p.paper}"/>`;

  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs>${defs.join('')}</defs>${table}${paper}${body.join('')}${over.join('')}${light}</svg>`;
  return { svg, width, height };
}

interface Raw {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

async function step(img: Raw, op: (s: sharp.Sharp) => sharp.Sharp): Promise<Raw> {
  const { data, info } = await op(sharp(img.data, { raw: img.info }))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

/** Dark specks (dust, thermal spots) and luminance noise, from the plan's own seed. */
function speckle(img: Raw, s: NonNullable<PhotoPlan['speckle']>, seed: number): void {
  const next = mulberry32(seed);
  const { width, height, channels } = img.info;
  // A clamped view: writes round and clip to 0–255 themselves.
  const d = new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.length);
  for (let i = 0, k = 0; i < width * height; i++) {
    const noise = (next() + next() - 1) * s.noise;
    for (let c = 0; c < channels; c++, k++) d[k] = d[k] + noise;
  }
  const dots = Math.round(width * height * s.dots);
  for (let n = 0; n < dots; n++) {
    const cx = Math.floor(next() * width);
    const cy = Math.floor(next() * height);
    const r = next() < 0.8 ? 0 : 1;
    const level = 40 + Math.floor(next() * 90);
    for (let yy = cy - r; yy <= cy + r; yy++)
      for (let xx = cx - r; xx <= cx + r; xx++) {
        if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
        for (let c = 0; c < channels; c++) {
          const k = (yy * width + xx) * channels + c;
          d[k] = Math.min(d[k], level);
        }
      }
  }
}

/** The document as a JPEG photo, distorted as its plan says. */
export async function renderDocument(doc: SyntheticDocument): Promise<Buffer> {
  const p = doc.photo;
  const { svg } = documentSvg(doc);
  const first = await sharp(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let img: Raw = {
    data: first.data,
    info: { width: first.info.width, height: first.info.height, channels: first.info.channels },
  };
  if (p.rotationDeg !== 0)
    img = await step(img, (s) => s.rotate(p.rotationDeg, { background: p.surface ?? p.paper }));
  // Low contrast: [0, 255] squeezed to a band under the paper's white.
  if (p.contrast < 1) img = await step(img, (s) => s.linear(p.contrast, 255 * (0.93 - p.contrast)));
  if (p.blurSigma > 0) img = await step(img, (s) => s.blur(Math.max(0.3, p.blurSigma)));
  if (p.speckle) speckle(img, p.speckle, p.noiseSeed);
  let out = sharp(img.data, { raw: img.info });
  if (p.turn) out = out.rotate(p.turn);
  return out.jpeg({ quality: p.jpegQuality, chromaSubsampling: '4:2:0' }).toBuffer();
}
