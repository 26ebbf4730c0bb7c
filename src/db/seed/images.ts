import sharp from 'sharp';
import type { BrandShape, Motif, Palette } from './catalogue.js';

/**
 * Demo pictures drawn as SVG and rasterised by sharp: no network, and no text, because the
 * machine may have no fonts. The media store refuses SVG uploads, so it receives a PNG.
 */

const SIZE = 960;

function frame(from: string, to: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 800 800">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="800" height="800" fill="url(#bg)"/>
<circle cx="650" cy="140" r="110" fill="#ffffff" fill-opacity="0.25"/>
<circle cx="120" cy="690" r="150" fill="#ffffff" fill-opacity="0.18"/>
${body}
</svg>`;
}

const shadow = '<ellipse cx="400" cy="690" rx="240" ry="26" fill="#000000" fill-opacity="0.12"/>';

const motifs: Record<Motif, (main: string, accent: string) => string> = {
  phone: (main, accent) => `${shadow}
<rect x="270" y="120" width="260" height="540" rx="44" fill="${main}"/>
<rect x="290" y="160" width="220" height="460" rx="20" fill="${accent}"/>
<circle cx="350" cy="260" r="60" fill="#ffffff" fill-opacity="0.35"/>
<rect x="320" y="520" width="160" height="20" rx="10" fill="#ffffff" fill-opacity="0.5"/>
<circle cx="400" cy="140" r="8" fill="#000000" fill-opacity="0.6"/>`,
  laptop: (main, accent) => `${shadow}
<rect x="180" y="190" width="440" height="300" rx="18" fill="${main}"/>
<rect x="202" y="212" width="396" height="256" rx="6" fill="${accent}"/>
<path d="M230 440 L330 330 L400 400 L470 300 L570 440 Z" fill="#ffffff" fill-opacity="0.35"/>
<path d="M120 500 H680 L640 560 H160 Z" fill="${main}"/>
<rect x="350" y="505" width="100" height="10" rx="5" fill="#000000" fill-opacity="0.2"/>`,
  shirt: (main, accent) => `${shadow}
<path d="M300 160 L230 185 L140 290 L215 365 L270 320 L270 650 L530 650 L530 320 L585 365 L660 290 L570 185 L500 160 Q400 235 300 160 Z" fill="${main}"/>
<path d="M300 160 Q400 235 500 160 L470 150 Q400 200 330 150 Z" fill="${accent}"/>
<circle cx="400" cy="300" r="9" fill="${accent}"/><circle cx="400" cy="370" r="9" fill="${accent}"/>
<circle cx="400" cy="440" r="9" fill="${accent}"/>`,
  dress: (main, accent) => `${shadow}
<path d="M345 130 L455 130 L450 250 L505 330 L610 660 L190 660 L295 330 L350 250 Z" fill="${main}"/>
<rect x="330" y="300" width="140" height="34" rx="12" fill="${accent}"/>
<path d="M345 130 Q400 190 455 130" fill="none" stroke="${accent}" stroke-width="10"/>`,
  shoe: (main, accent) => `${shadow}
<path d="M140 520 L175 340 Q250 370 320 350 L420 430 Q530 440 630 460 Q690 480 675 540 L140 540 Z" fill="${main}"/>
<rect x="130" y="530" width="560" height="50" rx="22" fill="${accent}"/>
<path d="M300 390 L340 370 M330 420 L370 400 M360 450 L400 430" stroke="${accent}" stroke-width="12" stroke-linecap="round"/>`,
  watch: (main, accent) => `${shadow}
<rect x="335" y="100" width="130" height="600" rx="34" fill="${accent}"/>
<circle cx="400" cy="400" r="160" fill="${main}"/>
<circle cx="400" cy="400" r="128" fill="#ffffff"/>
<line x1="400" y1="400" x2="400" y2="300" stroke="#111827" stroke-width="12" stroke-linecap="round"/>
<line x1="400" y1="400" x2="475" y2="440" stroke="#111827" stroke-width="9" stroke-linecap="round"/>
<circle cx="400" cy="400" r="12" fill="${accent}"/>
<rect x="558" y="380" width="26" height="40" rx="8" fill="${main}"/>`,
  perfume: (main, accent) => `${shadow}
<rect x="360" y="150" width="80" height="80" rx="12" fill="${accent}"/>
<rect x="383" y="230" width="34" height="50" fill="${accent}"/>
<rect x="250" y="280" width="300" height="380" rx="48" fill="${main}" fill-opacity="0.9"/>
<rect x="310" y="420" width="180" height="110" rx="14" fill="#ffffff" fill-opacity="0.8"/>
<rect x="275" y="300" width="40" height="320" rx="20" fill="#ffffff" fill-opacity="0.25"/>`,
  appliance: (main, accent) => `${shadow}
<rect x="220" y="130" width="360" height="530" rx="30" fill="${main}"/>
<rect x="220" y="130" width="360" height="90" rx="30" fill="${accent}"/>
<circle cx="300" cy="175" r="16" fill="#ffffff"/><rect x="420" y="165" width="120" height="20" rx="10" fill="#ffffff" fill-opacity="0.7"/>
<circle cx="400" cy="430" r="135" fill="${accent}" fill-opacity="0.9"/>
<circle cx="400" cy="430" r="100" fill="#ffffff" fill-opacity="0.6"/>`,
  toy: (main, accent) => `${shadow}
<rect x="190" y="460" width="190" height="190" rx="18" fill="${main}"/>
<rect x="380" y="460" width="190" height="190" rx="18" fill="${accent}"/>
<rect x="285" y="270" width="190" height="190" rx="18" fill="#facc15"/>
<circle cx="335" cy="320" r="22" fill="#ffffff" fill-opacity="0.6"/>
<circle cx="620" cy="600" r="60" fill="#ef4444"/>`,
};

const brandShapes: Record<BrandShape, string> = {
  ring: '<circle cx="400" cy="400" r="200" fill="none" stroke="#ffffff" stroke-width="60"/>',
  hexagon: '<polygon points="400,170 600,285 600,515 400,630 200,515 200,285" fill="#ffffff"/>',
  diamond: '<polygon points="400,170 630,400 400,630 170,400" fill="#ffffff"/>',
  triangle: '<polygon points="400,180 640,600 160,600" fill="#ffffff"/>',
  star: '<polygon points="400,160 458,320 630,320 490,420 545,590 400,490 255,590 310,420 170,320 342,320" fill="#ffffff"/>',
  bars: '<rect x="200" y="250" width="90" height="300" rx="20" fill="#ffffff"/><rect x="355" y="200" width="90" height="400" rx="20" fill="#ffffff"/><rect x="510" y="300" width="90" height="200" rx="20" fill="#ffffff"/>',
  dots: '<circle cx="300" cy="300" r="80" fill="#ffffff"/><circle cx="500" cy="300" r="80" fill="#ffffff"/><circle cx="300" cy="500" r="80" fill="#ffffff"/><circle cx="500" cy="500" r="80" fill="#ffffff" fill-opacity="0.6"/>',
  wave: '<path d="M150 470 Q275 280 400 420 T650 330" fill="none" stroke="#ffffff" stroke-width="70" stroke-linecap="round"/>',
};

// A fast PNG (no compression): it is only handed to the media store, which re-encodes it.
const toPng = (svg: string) => sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();

export function drawMotif(motif: Motif, [from, to, main, accent]: Palette): Promise<Buffer> {
  return toPng(frame(from, to, motifs[motif](main, accent)));
}

export function drawBrand(shape: BrandShape, [from, to]: readonly [string, string]): Promise<Buffer> {
  return toPng(frame(from, to, brandShapes[shape]));
}

/** Runs tasks with at most `limit` in flight: sharp already spreads each image over the cores. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  // Workers share one iterator, so each item is taken exactly once.
  const entries = items.entries();
  async function worker() {
    for (const [index, item] of entries) results[index] = await task(item);
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
