// Converts curated openclipart SVGs into colouring outlines: dark fills stay black, every other fill
// becomes white, strokes become black (their width is set per level at run time). Transforms are
// flattened into the path data and every asset is normalised so its longer side is 100 units.
//
// Development-time only. Source: Debian's openclipart-svg package, unpacked with
//   cd /tmp && apt-get download openclipart-svg && dpkg-deb -x openclipart-svg_*.deb /tmp/oc
// Usage: node backend/scripts/convert-clipart.mjs [/tmp/oc/usr/share/openclipart/svg] [outDir]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOMParser } from '@xmldom/xmldom';
import svgpath from 'svgpath';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const sourceRoot = process.argv[2] ?? '/tmp/oc/usr/share/openclipart/svg';
const outDir = process.argv[3] ?? path.join(here, '..', 'assets', 'clipart');
const manifest = JSON.parse(fs.readFileSync(process.env.CLIPART_MANIFEST ?? path.join(here, 'clipart-manifest.json'), 'utf8'));

const NAMED = {
  black: '#000000',
  white: '#ffffff',
  red: '#ff0000',
  green: '#008000',
  blue: '#0000ff',
  yellow: '#ffff00',
  gray: '#808080',
  grey: '#808080',
  orange: '#ffa500',
  brown: '#a52a2a',
  pink: '#ffc0cb',
  purple: '#800080',
  navy: '#000080',
  maroon: '#800000',
  olive: '#808000',
  silver: '#c0c0c0',
  darkgreen: '#006400',
  lime: '#00ff00',
  teal: '#008080',
  aqua: '#00ffff',
  fuchsia: '#ff00ff',
  darkblue: '#00008b',
  darkred: '#8b0000',
  darkgray: '#a9a9a9',
  darkgrey: '#a9a9a9',
  lightgray: '#d3d3d3',
  lightgrey: '#d3d3d3',
  dimgray: '#696969',
};

function parseColor(value) {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  if (v === 'none' || v === 'transparent') return null;
  if (NAMED[v]) return parseColor(NAMED[v]);
  let m = /^#([0-9a-f]{3})$/.exec(v);
  if (m) return m[1].split('').map((c) => parseInt(c + c, 16) / 255);
  m = /^#([0-9a-f]{6})/.exec(v);
  if (m) return [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16) / 255);
  m = /^rgb\(\s*([\d.]+)(%?)\s*,\s*([\d.]+)(%?)\s*,\s*([\d.]+)(%?)\s*\)/.exec(v);
  if (m) return [1, 3, 5].map((i) => (m[i + 1] ? +m[i] / 100 : +m[i] / 255));
  return [0, 0, 0];
}
const luminance = (rgb) => 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];

function parseStyle(el) {
  const out = {};
  const style = el.getAttribute('style');
  if (style) {
    for (const decl of style.split(';')) {
      const i = decl.indexOf(':');
      if (i > 0) out[decl.slice(0, i).trim()] = decl.slice(i + 1).trim();
    }
  }
  for (const prop of ['fill', 'stroke', 'opacity', 'fill-opacity', 'stroke-opacity', 'stroke-width', 'display', 'visibility']) {
    const a = el.getAttribute(prop);
    if (a && out[prop] === undefined) out[prop] = a;
  }
  return out;
}

function shapeToPath(el) {
  const n = (a) => parseFloat(el.getAttribute(a) || '0') || 0;
  switch (el.localName) {
    case 'path':
      return el.getAttribute('d') || '';
    case 'rect': {
      const x = n('x'),
        y = n('y'),
        w = n('width'),
        h = n('height');
      let rx = n('rx'),
        ry = n('ry');
      if (!rx) rx = ry;
      if (!ry) ry = rx;
      rx = Math.min(rx, w / 2);
      ry = Math.min(ry, h / 2);
      if (!rx) return `M${x} ${y}H${x + w}V${y + h}H${x}Z`;
      return `M${x + rx} ${y}H${x + w - rx}A${rx} ${ry} 0 0 1 ${x + w} ${y + ry}V${y + h - ry}A${rx} ${ry} 0 0 1 ${x + w - rx} ${y + h}H${x + rx}A${rx} ${ry} 0 0 1 ${x} ${y + h - ry}V${y + ry}A${rx} ${ry} 0 0 1 ${x + rx} ${y}Z`;
    }
    case 'circle':
    case 'ellipse': {
      const cx = n('cx'),
        cy = n('cy');
      const rx = el.localName === 'circle' ? n('r') : n('rx');
      const ry = el.localName === 'circle' ? n('r') : n('ry');
      return `M${cx - rx} ${cy}A${rx} ${ry} 0 1 0 ${cx + rx} ${cy}A${rx} ${ry} 0 1 0 ${cx - rx} ${cy}Z`;
    }
    case 'line':
      return `M${n('x1')} ${n('y1')}L${n('x2')} ${n('y2')}`;
    case 'polyline':
    case 'polygon': {
      const pts = (el.getAttribute('points') || '')
        .trim()
        .split(/[\s,]+/)
        .map(Number);
      if (pts.length < 4) return '';
      let d = `M${pts[0]} ${pts[1]}`;
      for (let i = 2; i + 1 < pts.length; i += 2) d += `L${pts[i]} ${pts[i + 1]}`;
      return el.localName === 'polygon' ? d + 'Z' : d;
    }
    default:
      return '';
  }
}

function convert(entry) {
  const file = path.join(sourceRoot, entry.source);
  const doc = new DOMParser().parseFromString(fs.readFileSync(file, 'utf8'), 'image/svg+xml');
  const root = doc.documentElement;
  const byId = new Map();
  (function index(el) {
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType !== 1) continue;
      const id = c.getAttribute('id');
      if (id) byId.set(id, c);
      index(c);
    }
  })(root);

  // A gradient or pattern fill counts as its average colour.
  function paintColor(value, depth = 0) {
    if (!value) return null;
    const m = /url\(\s*#([^)\s]+)\s*\)/.exec(value);
    if (!m) return parseColor(value);
    let g = byId.get(m[1]);
    const stops = [];
    while (g && depth < 5) {
      for (let c = g.firstChild; c; c = c.nextSibling) {
        if (c.nodeType === 1 && c.localName === 'stop') {
          const st = parseStyle(c);
          const col = parseColor(st['stop-color'] || c.getAttribute('stop-color') || '#000');
          const op = parseFloat(st['stop-opacity'] ?? c.getAttribute('stop-opacity') ?? '1');
          if (col) stops.push({ col, op });
        }
      }
      if (stops.length) break;
      const href = g.getAttribute('xlink:href') || g.getAttribute('href');
      g = href ? byId.get(href.replace('#', '')) : null;
      depth++;
    }
    if (!stops.length) return [1, 1, 1];
    const op = stops.reduce((s, x) => s + x.op, 0) / stops.length;
    if (op < 0.35) return null;
    return [0, 1, 2].map((i) => stops.reduce((s, x) => s + x.col[i], 0) / stops.length);
  }

  const out = [];
  const skip = new Set([
    'defs',
    'metadata',
    'title',
    'desc',
    'text',
    'clipPath',
    'mask',
    'pattern',
    'symbol',
    'namedview',
    'filter',
    'style',
    'script',
    'linearGradient',
    'radialGradient',
    'flowRoot',
    'image',
    'marker',
  ]);
  const dropIds = new Set(entry.dropIds ?? []);
  const darkThreshold = entry.dark ?? 0.3;

  function walk(el, inherited, transform, depth) {
    if (depth > 40) return;
    const id = el.getAttribute('id');
    if (id && dropIds.has(id)) return;
    const st = parseStyle(el);
    if (st.display === 'none' || st.visibility === 'hidden') return;
    const state = { ...inherited };
    for (const k of ['fill', 'stroke', 'fill-opacity', 'stroke-opacity']) if (st[k] !== undefined && st[k] !== 'inherit') state[k] = st[k];
    state.opacity = inherited.opacity * (st.opacity !== undefined ? parseFloat(st.opacity) : 1);
    const t = `${transform} ${el.getAttribute('transform') || ''}`.trim();
    const name = el.localName;
    if (name === 'g' || name === 'svg' || name === 'a' || name === 'switch') {
      for (let c = el.firstChild; c; c = c.nextSibling)
        if (c.nodeType === 1 && !skip.has(c.localName)) walk(c, state, name === 'svg' && el === root ? '' : t, depth + 1);
      return;
    }
    if (name === 'use') {
      const href = (el.getAttribute('xlink:href') || el.getAttribute('href') || '').replace('#', '');
      const target = byId.get(href);
      const ux = parseFloat(el.getAttribute('x') || '0'),
        uy = parseFloat(el.getAttribute('y') || '0');
      if (target) walk(target, state, `${t} translate(${ux} ${uy})`, depth + 1);
      return;
    }
    const d = shapeToPath(el);
    if (!d) return;
    const fillRgb = paintColor(state.fill ?? '#000');
    const fillOp = state.opacity * parseFloat(state['fill-opacity'] ?? '1');
    const strokeRgb = paintColor(state.stroke ?? 'none');
    const strokeOp = state.opacity * parseFloat(state['stroke-opacity'] ?? '1');
    let fill = 'n';
    if (fillRgb && fillOp >= 0.35 && name !== 'line' && name !== 'polyline') fill = luminance(fillRgb) < darkThreshold ? 'b' : 'w';
    let stroke = !!strokeRgb && strokeOp >= 0.35 && luminance(strokeRgb) < 0.85;
    if (entry.strokeAll && fill === 'w') stroke = true;
    if (entry.outline && fill !== 'n') {
      fill = 'w';
      stroke = true;
    } // a silhouette becomes its outline
    if (fill === 'n' && !stroke) return;
    let p;
    try {
      p = svgpath(d).transform(t).abs().round(3);
    } catch {
      return;
    }
    out.push({ p, fill, stroke });
  }
  walk(root, { fill: '#000', stroke: 'none', opacity: 1 }, '', 0);

  // Bounding box from the end and control points (a safe over-estimate).
  const boxOf = (p) => {
    const b = [Infinity, Infinity, -Infinity, -Infinity];
    svgpath
      .from(p)
      .unarc()
      .unshort()
      .iterate((s) => {
        for (let i = 1; i + 1 < s.length; i += 2) {
          const x = s[i],
            y = s[i + 1];
          if (typeof x !== 'number' || typeof y !== 'number') continue;
          if (x < b[0]) b[0] = x;
          if (y < b[1]) b[1] = y;
          if (x > b[2]) b[2] = x;
          if (y > b[3]) b[3] = y;
        }
      });
    return b;
  };
  for (const o of out) o.box = boxOf(o.p);
  const shapes = out.filter((o) => Number.isFinite(o.box[0]));
  const all = shapes.reduce(
    (b, o) => [Math.min(b[0], o.box[0]), Math.min(b[1], o.box[1]), Math.max(b[2], o.box[2]), Math.max(b[3], o.box[3])],
    [Infinity, Infinity, -Infinity, -Infinity],
  );
  const scale = 100 / Math.max(all[2] - all[0], all[3] - all[1]);
  const pad = 1.5;
  const w = (all[2] - all[0]) * scale + 2 * pad,
    h = (all[3] - all[1]) * scale + 2 * pad;
  const minSize = entry.minSize ?? 1.2;
  const parts = [];
  for (const o of shapes) {
    const size = Math.max(o.box[2] - o.box[0], o.box[3] - o.box[1]) * scale;
    if (size < minSize && !(o.fill === 'w' && !o.stroke)) continue; // a speck nobody can colour
    const d = svgpath
      .from(o.p)
      .translate(-all[0], -all[1])
      .scale(scale)
      .translate(pad, pad)
      .round(1)
      .rel()
      .round(1)
      .toString()
      .replace(/ -/g, '-')
      .replace(/([a-zA-Z]) /g, '$1')
      .replace(/ ([a-zA-Z])/g, '$1');
    const fill = o.fill === 'b' ? '#000' : o.fill === 'w' ? '#fff' : 'none';
    parts.push(`<path fill="${fill}"${o.stroke ? ' stroke="#000"' : ''} d="${d}"/>`);
  }
  const body = parts.join('\n');
  return { w, h, body };
}

const doc = (w, h, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w.toFixed(1)} ${h.toFixed(1)}" stroke-width="1.2" stroke-linejoin="round" stroke-linecap="round">\n${body}\n</svg>\n`;

// A white silhouette under the drawing, so lines behind it (hills, the child's shoulders) do not show
// through outlines that are only strokes. Rasterised, gaps closed, the outside flood-filled from the
// border, then written as overlapping row runs (no seams).
async function backing(w, h, body) {
  const res = 140 / Math.max(w, h);
  const W = Math.ceil(w * res),
    H = Math.ceil(h * res);
  const ink = doc(w, h, body.replace(/fill="#fff"/g, 'fill="#000"')).replace('stroke-width="1.2"', 'stroke-width="3"');
  const { data } = await sharp(Buffer.from(ink), { density: 72 * res * 1.0 })
    .resize(W, H, { fit: 'fill' })
    .flatten({ background: '#fff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const solid = new Uint8Array(W * H);
  for (let i = 0; i < W * H; i++) solid[i] = data[i] < 200 ? 1 : 0;
  // Close small gaps: dilate twice.
  for (let pass = 0; pass < 2; pass++) {
    const src = solid.slice();
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        if (src[y * W + x]) continue;
        if (
          (x > 0 && src[y * W + x - 1]) ||
          (x < W - 1 && src[y * W + x + 1]) ||
          (y > 0 && src[(y - 1) * W + x]) ||
          (y < H - 1 && src[(y + 1) * W + x])
        )
          solid[y * W + x] = 1;
      }
  }
  const outside = new Uint8Array(W * H);
  const stack = [];
  for (let x = 0; x < W; x++) stack.push(x, (H - 1) * W + x);
  for (let y = 0; y < H; y++) stack.push(y * W, y * W + W - 1);
  while (stack.length) {
    const i = stack.pop();
    if (outside[i] || solid[i]) continue;
    outside[i] = 1;
    const x = i % W,
      y = (i - x) / W;
    if (x > 0) stack.push(i - 1);
    if (x < W - 1) stack.push(i + 1);
    if (y > 0) stack.push(i - W);
    if (y < H - 1) stack.push(i + W);
  }
  let d = '';
  const u = 1 / res;
  for (let y = 0; y < H; y++) {
    let x = 0;
    while (x < W) {
      while (x < W && outside[y * W + x]) x++;
      const x0 = x;
      while (x < W && !outside[y * W + x]) x++;
      if (x > x0)
        d += `M${(x0 * u).toFixed(1)} ${(y * u).toFixed(1)}h${((x - x0) * u).toFixed(1)}v${(u * 1.6).toFixed(1)}h${(-(x - x0) * u).toFixed(1)}z`;
    }
  }
  return d ? `<path fill="#fff" d="${d}"/>\n` : '';
}

async function convertFile(entry) {
  const { w, h, body } = convert(entry);
  const back = entry.noBacking ? '' : await backing(w, h, body);
  const all = back + body;
  const g = entry.flip ? `<g transform="matrix(-1 0 0 1 ${w.toFixed(1)} 0)">${all}</g>` : all;
  return doc(w, h, g);
}

fs.mkdirSync(outDir, { recursive: true });
const only = process.argv[4];
const rows = [];
let total = 0;
for (const entry of manifest) {
  if (only && !only.split(',').includes(entry.id)) continue;
  const svg = await convertFile(entry);
  fs.writeFileSync(path.join(outDir, `${entry.id}.svg`), svg);
  total += svg.length;
  rows.push(
    `| ${entry.id}.svg | openclipart-svg 0.18: \`/usr/share/openclipart/svg/${entry.source}\` | ${entry.author ?? 'openclipart.org contributor'} | Creative Commons Public Domain Dedication |`,
  );
  console.log(entry.id.padEnd(22), String(svg.length).padStart(7));
}
console.log('total bytes', total);
if (!only && !process.env.CLIPART_MANIFEST) {
  fs.writeFileSync(
    path.join(outDir, 'ATTRIBUTION.md'),
    `# Clip art sources

Every file here is converted from Debian's \`openclipart-svg\` package (version 1:0.18+dfsg-19), the 2005
Open Clip Art Library release. The package's copyright file states that every image is dedicated to the
public domain under the Creative Commons Public Domain Dedication ("Copyright-Only Dedication (based on
United States law) or Public Domain Certification").

The conversion (\`backend/scripts/convert-clipart.mjs\`, curated by \`backend/scripts/clipart-manifest.json\`)
keeps dark fills black, turns every other fill white, makes strokes black, flattens transforms, drops
specks, scales each drawing so its longer side is 100 units, and puts a white silhouette (traced from a
rasterised copy) under each drawing so lines behind it never show through.

| file | source path | author (from the file name) | licence |
|---|---|---|---|
${rows.join('\n')}
`,
  );
}
