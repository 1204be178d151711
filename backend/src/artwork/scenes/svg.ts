// Small helpers for writing SVG by hand: numbers rounded to 0.01 mm, shapes as compact strings.

export type Level = 1 | 2 | 3 | 4;
export const LEVELS: readonly Level[] = [1, 2, 3, 4];

/** A box on the page, in millimetres. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const n = (v: number): string => {
  const r = Math.round(v * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
};

/** The convex hull of points (monotone chain), in order round it. */
export function convexHull<P extends readonly [number, number]>(pts: readonly P[]): P[] {
  const p = [...pts].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: P, a: P, b: P): number => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: readonly P[]): P[] => {
    const h: P[] = [];
    for (const q of list) {
      while (h.length >= 2 && cross(h[h.length - 2]!, h[h.length - 1]!, q) <= 0) h.pop();
      h.push(q);
    }
    return h.slice(0, -1);
  };
  return [...half(p), ...half([...p].reverse())];
}

export const BLACK = '#000';
export const WHITE = '#fff';

/** A closed white shape with a black outline (the default paint of a scene group). */
export const shape = (d: string, extra = ''): string => `<path d="${d}"${extra}/>`;
export const solid = (d: string): string => `<path d="${d}" fill="${BLACK}"/>`;
export const line = (d: string): string => `<path d="${d}" fill="none"/>`;

export const circle = (cx: number, cy: number, r: number, extra = ''): string =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"${extra}/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, extra = ''): string =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}"${extra}/>`;
export const rect = (x: number, y: number, w: number, h: number, rx = 0, extra = ''): string =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${rx ? ` rx="${n(rx)}"` : ''}${extra}/>`;

/** A five-pointed star path centred on (cx, cy). */
export function starPath(cx: number, cy: number, r: number, rotation = 0, points = 5, inner = 0.5): string {
  let d = '';
  for (let i = 0; i < points * 2; i++) {
    const a = rotation - Math.PI / 2 + (i * Math.PI) / points;
    const rr = i % 2 === 0 ? r : r * inner;
    d += `${i === 0 ? 'M' : 'L'}${n(cx + rr * Math.cos(a))} ${n(cy + rr * Math.sin(a))}`;
  }
  return d + 'Z';
}

/** A group in the standard colouring paint: white fill, round black lines of the given width. */
export function paintGroup(content: string, strokeWidth: number, extra = ''): string {
  return `<g fill="${WHITE}" stroke="${BLACK}" stroke-width="${n(strokeWidth)}" stroke-linejoin="round" stroke-linecap="round"${extra}>${content}</g>`;
}

/** A wavy horizontal line from x0 to x1 around y (for water, hills, grass edges). */
export function wavePath(x0: number, x1: number, y: number, amplitude: number, wavelength: number, phase = 0): string {
  const steps = Math.max(1, Math.round((x1 - x0) / (wavelength / 2)));
  const step = (x1 - x0) / steps;
  let d = `M${n(x0)} ${n(y)}`;
  for (let i = 0; i < steps; i++) {
    const sign = (i + phase) % 2 === 0 ? -1 : 1;
    const xa = x0 + i * step;
    d += `Q${n(xa + step / 2)} ${n(y + sign * amplitude * 2)} ${n(xa + step)} ${n(y)}`;
  }
  return d;
}

export const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
