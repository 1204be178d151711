// A stand-in portrait (a simple cartoon child, head and shoulders) with the portrait engine's shape,
// for tests and for the gallery when no photo engine is available.
import type { Level, Portrait } from '../portrait/index.js';

const W = 400;
const H = 440;

// Head (an ellipse 118 x 122 at 200,168, on the silhouette), hair cap, shoulders from y 300 to the bottom.
const SILHOUETTE: [number, number][] = [];
for (let i = 0; i <= 24; i++) {
  const a = Math.PI * (0.8 + (1.4 * i) / 24);
  SILHOUETTE.push([Math.round(200 + 118 * Math.cos(a)), Math.round(168 + 122 * Math.sin(a))]);
}
SILHOUETTE.push([300, 270], [330, 300], [380, 340], [392, 440], [8, 440], [20, 340], [70, 300], [100, 270]);

const silhouettePath = `M${SILHOUETTE.map(([x, y]) => `${x} ${y}`).join('L')}Z`;

function art(level: Level): string {
  const sw = { 1: 9, 2: 7, 3: 5, 4: 3.5 }[level];
  const s = `fill="none" stroke="#000" stroke-width="${sw}" stroke-linecap="round" stroke-linejoin="round"`;
  let body = `<path ${s} d="M20 440L30 350Q60 300 130 292M370 440L360 350Q340 300 270 292"/>`;
  body += `<ellipse cx="200" cy="168" rx="118" ry="122" ${s}/>`;
  body += `<path ${s} d="M92 160Q100 50 200 52Q300 50 308 160Q270 100 220 110Q190 80 150 118Q118 110 92 160Z"/>`;
  body += `<circle cx="160" cy="180" r="${level <= 2 ? 12 : 9}" fill="#000"/><circle cx="240" cy="180" r="${level <= 2 ? 12 : 9}" fill="#000"/>`;
  body += `<path ${s} d="M155 228Q200 268 245 228"/>`;
  body += `<path ${s} d="M160 292Q200 330 240 292"/>`;
  if (level >= 2) body += `<path ${s} d="M200 190Q192 210 204 214"/>`;
  if (level >= 3) body += `<path ${s} d="M140 150Q160 140 178 150M222 150Q240 140 260 150M90 180Q76 190 92 214M310 180Q324 190 308 214"/>`;
  if (level >= 4) body += `<path ${s} d="M150 80Q170 100 160 118M250 80Q230 100 240 112M60 400L80 340M340 400L320 340M200 330L200 440"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}

export function fixturePortrait(): Portrait {
  return {
    width: W,
    height: H,
    silhouettePath,
    levels: { 1: art(1), 2: art(2), 3: art(3), 4: art(4) },
    printWidthMm: 120,
    features: {
      eyes: [
        [160, 180],
        [240, 180],
      ],
      mouth: [
        [155, 228],
        [245, 228],
      ],
      faceOutline: SILHOUETTE.slice(0, 25),
    },
    silhouette: SILHOUETTE,
    eyeOutlines: [],
  };
}
