import sharp from 'sharp';
import type { BrandShape, Motif, Palette } from './catalogue.js';

/**
 * Demo pictures drawn as SVG and rasterised by sharp: no network, and no text, because the
 * machine may have no fonts. The media store refuses SVG uploads, so it receives a PNG.
 * Each product type has its own drawing (docs/architecture.md § Demo catalogue), painted in the
 * product's colour (`main`) with its category's accent.
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
/** A soft dark outline, so a white or black object still stands out from any background. */
const edge = 'stroke="#0f172a" stroke-opacity="0.3" stroke-width="6" stroke-linejoin="round"';
const shine = (d: string) =>
  `<path d="${d}" fill="none" stroke="#ffffff" stroke-opacity="0.45" stroke-width="12" stroke-linecap="round"/>`;

type Draw = (main: string, accent: string) => string;

const gamepad: Draw = (main, accent) => `
<path d="M250 300 Q400 270 550 300 Q640 310 680 420 Q720 560 650 590 Q600 610 560 530 Q540 490 500 490 L300 490 Q260 490 240 530 Q200 610 150 590 Q80 560 120 420 Q160 310 250 300 Z" fill="${main}" ${edge}/>
<rect x="330" y="310" width="140" height="90" rx="18" fill="#000000" fill-opacity="0.15"/>
<path d="M210 370 h30 v-30 h30 v30 h30 v30 h-30 v30 h-30 v-30 h-30 Z" fill="#334155"/>
<circle cx="580" cy="345" r="18" fill="${accent}"/><circle cx="580" cy="425" r="18" fill="${accent}"/>
<circle cx="540" cy="385" r="18" fill="${accent}"/><circle cx="620" cy="385" r="18" fill="${accent}"/>
<circle cx="320" cy="460" r="38" fill="#1f2937"/><circle cx="480" cy="460" r="38" fill="#1f2937"/>
<circle cx="320" cy="460" r="20" fill="#475569"/><circle cx="480" cy="460" r="20" fill="#475569"/>`;

const longSleeves = (main: string) =>
  `<path d="M300 160 L220 190 Q180 210 170 260 L130 560 L210 575 L265 330 L270 650 L530 650 L535 330 L590 575 L670 560 L630 260 Q620 210 580 190 L500 160 Z" fill="${main}" ${edge}/>`;
const shortSleeves = (main: string) =>
  `<path d="M310 150 L200 195 L120 320 L210 375 L265 320 L265 650 L535 650 L535 320 L590 375 L680 320 L600 195 L490 150 Q400 215 310 150 Z" fill="${main}" ${edge}/>`;

const trousers: Draw = (main, accent) => `
<path d="M280 130 L520 130 L555 660 L430 660 L400 300 L370 660 L245 660 Z" fill="${main}" ${edge}/>
<rect x="280" y="130" width="240" height="36" fill="#000000" fill-opacity="0.15"/>
<path d="M292 170 L262 650 M508 170 L538 650" stroke="${accent}" stroke-width="14"/>`;

const jacket: Draw = (main, accent) => `${longSleeves(main)}
<rect x="325" y="130" width="150" height="50" rx="14" fill="${main}" ${edge}/>
<path d="M190 215 L148 560 M210 220 L168 565 M230 225 L188 570 M610 215 L652 560 M590 220 L632 565 M570 225 L612 570" stroke="${accent}" stroke-width="8"/>
<line x1="400" y1="135" x2="400" y2="650" stroke="${accent}" stroke-width="10"/>
<rect x="386" y="190" width="28" height="46" rx="8" fill="${accent}"/>
<path d="M300 470 L340 560 M500 470 L460 560" stroke="#000000" stroke-opacity="0.25" stroke-width="8" stroke-linecap="round"/>`;

const motifs: Record<Motif, Draw> = {
  phone: (main, accent) => `${shadow}
<rect x="270" y="120" width="260" height="540" rx="44" fill="${main}" ${edge}/>
<rect x="290" y="160" width="220" height="460" rx="20" fill="${accent}"/>
<circle cx="350" cy="260" r="60" fill="#ffffff" fill-opacity="0.35"/>
<rect x="320" y="520" width="160" height="20" rx="10" fill="#ffffff" fill-opacity="0.5"/>
<circle cx="400" cy="140" r="8" fill="#000000" fill-opacity="0.6"/>`,
  earbuds: (main, accent) => `${shadow}
<rect x="250" y="420" width="300" height="230" rx="100" fill="${main}" ${edge}/>
<line x1="262" y1="490" x2="538" y2="490" stroke="#000000" stroke-opacity="0.2" stroke-width="6"/>
<circle cx="400" cy="560" r="12" fill="${accent}"/>
<g transform="rotate(-18 300 240)"><rect x="280" y="240" width="44" height="160" rx="22" fill="${main}" ${edge}/>
<ellipse cx="300" cy="225" rx="62" ry="56" fill="${main}" ${edge}/><ellipse cx="318" cy="222" rx="26" ry="22" fill="${accent}"/></g>
<g transform="rotate(18 500 240)"><rect x="476" y="240" width="44" height="160" rx="22" fill="${main}" ${edge}/>
<ellipse cx="500" cy="225" rx="62" ry="56" fill="${main}" ${edge}/><ellipse cx="482" cy="222" rx="26" ry="22" fill="${accent}"/></g>`,
  charger: (main, accent) => `${shadow}
<rect x="345" y="130" width="28" height="100" rx="6" fill="#9ca3af" ${edge}/>
<rect x="427" y="130" width="28" height="100" rx="6" fill="#9ca3af" ${edge}/>
<path d="M400 440 C400 560 240 520 250 620 C262 700 520 700 560 590" fill="none" stroke="#0f172a" stroke-opacity="0.3" stroke-width="32" stroke-linecap="round"/>
<path d="M400 440 C400 560 240 520 250 620 C262 700 520 700 560 590" fill="none" stroke="${main}" stroke-width="22" stroke-linecap="round"/>
<rect x="280" y="220" width="240" height="240" rx="44" fill="${main}" ${edge}/>
<rect x="368" y="400" width="64" height="24" rx="12" fill="${accent}"/>
<circle cx="400" cy="300" r="22" fill="${accent}"/>
<rect x="530" y="500" width="60" height="110" rx="16" fill="${main}" ${edge} transform="rotate(20 560 555)"/>`,
  laptop: (main, accent) => `${shadow}
<rect x="180" y="190" width="440" height="300" rx="18" fill="${main}" ${edge}/>
<rect x="202" y="212" width="396" height="256" rx="6" fill="${accent}"/>
<path d="M230 440 L330 330 L400 400 L470 300 L570 440 Z" fill="#ffffff" fill-opacity="0.35"/>
<path d="M120 500 H680 L640 560 H160 Z" fill="${main}" ${edge}/>
<rect x="350" y="505" width="100" height="10" rx="5" fill="#000000" fill-opacity="0.2"/>`,
  shirt: (main, accent) => `${shadow}${longSleeves(main)}
<path d="M300 160 L400 235 L360 285 L295 200 Z" fill="${main}" ${edge}/>
<path d="M500 160 L400 235 L440 285 L505 200 Z" fill="${main}" ${edge}/>
<line x1="400" y1="240" x2="400" y2="650" stroke="#000000" stroke-opacity="0.2" stroke-width="6"/>
<circle cx="400" cy="320" r="10" fill="${accent}"/><circle cx="400" cy="400" r="10" fill="${accent}"/>
<circle cx="400" cy="480" r="10" fill="${accent}"/><circle cx="400" cy="560" r="10" fill="${accent}"/>
<rect x="430" y="300" width="64" height="70" rx="6" fill="none" stroke="#000000" stroke-opacity="0.2" stroke-width="6"/>`,
  tshirt: (main, accent) => `${shadow}${shortSleeves(main)}
<path d="M310 150 Q400 215 490 150" fill="none" stroke="${accent}" stroke-width="16"/>
<path d="M124 318 L212 370 M676 318 L588 370" stroke="${accent}" stroke-width="16"/>
<path d="M430 300 Q465 335 520 280" fill="none" stroke="${accent}" stroke-width="16" stroke-linecap="round"/>`,
  polo: (main, accent) => `${shadow}${shortSleeves(main)}
<rect x="386" y="185" width="28" height="140" rx="6" fill="#000000" fill-opacity="0.15"/>
<circle cx="400" cy="230" r="9" fill="${accent}"/><circle cx="400" cy="285" r="9" fill="${accent}"/>
<path d="M310 150 L350 250 L400 195 Z" fill="${accent}" ${edge}/>
<path d="M490 150 L450 250 L400 195 Z" fill="${accent}" ${edge}/>`,
  jacket: (main, accent) => `${shadow}${jacket(main, accent)}`,
  tracksuit: (main, accent) => `${shadow}
<g transform="translate(350 160) scale(0.62)">${trousers(main, accent)}</g>
<g transform="translate(30 130) scale(0.62)">${jacket(main, accent)}</g>`,
  jeans: (main, accent) => `${shadow}
<path d="M280 130 L520 130 L555 660 L430 660 L400 300 L370 660 L245 660 Z" fill="${main}" ${edge}/>
<rect x="280" y="130" width="240" height="40" fill="#000000" fill-opacity="0.2"/>
<path d="M300 175 Q320 250 375 175 M500 175 Q480 250 425 175 M400 170 L400 285" fill="none" stroke="${accent}" stroke-width="6" stroke-dasharray="14 8"/>
<path d="M262 630 L372 630 M428 630 L538 630" stroke="${accent}" stroke-width="6" stroke-dasharray="14 8"/>
<circle cx="400" cy="150" r="11" fill="${accent}"/>
<rect x="318" y="122" width="14" height="56" fill="${main}" ${edge}/><rect x="468" y="122" width="14" height="56" fill="${main}" ${edge}/>`,
  thobe: (main, accent) => `${shadow}
<path d="M320 140 L240 170 L190 230 L150 480 L215 490 L262 300 L255 675 L545 675 L538 300 L585 490 L650 480 L610 230 L560 170 L480 140 Q400 175 320 140 Z" fill="${main}" ${edge}/>
<path d="M330 120 Q400 165 470 120 L470 145 Q400 190 330 145 Z" fill="${main}" ${edge}/>
<rect x="388" y="165" width="24" height="170" rx="8" fill="${accent}" fill-opacity="0.6"/>
<circle cx="400" cy="205" r="8" fill="${accent}"/><circle cx="400" cy="255" r="8" fill="${accent}"/><circle cx="400" cy="305" r="8" fill="${accent}"/>
<rect x="440" y="330" width="56" height="64" rx="6" fill="none" stroke="#000000" stroke-opacity="0.18" stroke-width="6"/>`,
  dress: (main, accent) => `${shadow}
<path d="M345 130 L455 130 L450 250 L505 330 L610 660 L190 660 L295 330 L350 250 Z" fill="${main}" ${edge}/>
<rect x="330" y="300" width="140" height="34" rx="12" fill="${accent}"/>
<path d="M345 130 Q400 190 455 130" fill="none" stroke="${accent}" stroke-width="10"/>
<circle cx="330" cy="470" r="18" fill="${accent}" fill-opacity="0.7"/><circle cx="450" cy="420" r="14" fill="${accent}" fill-opacity="0.7"/>
<circle cx="480" cy="560" r="18" fill="${accent}" fill-opacity="0.7"/><circle cx="380" cy="600" r="14" fill="${accent}" fill-opacity="0.7"/>`,
  abaya: (main, accent) => `${shadow}
<path d="M340 130 L460 130 L600 200 L730 430 L620 470 L555 360 L600 680 L200 680 L245 360 L180 470 L70 430 L200 200 Z" fill="${main}" ${edge}/>
<path d="M340 130 Q400 180 460 130" fill="none" stroke="${accent}" stroke-width="10"/>
<line x1="400" y1="160" x2="400" y2="680" stroke="${accent}" stroke-opacity="0.7" stroke-width="6"/>
<path d="M74 426 L182 466 M726 426 L618 466" stroke="${accent}" stroke-width="20"/>
<path d="M110 405 l14 -14 l14 14 l-14 14 Z M660 405 l14 -14 l14 14 l-14 14 Z M386 200 l14 -14 l14 14 l-14 14 Z" fill="${accent}"/>`,
  blouse: (main, accent) => `${shadow}
<ellipse cx="250" cy="255" rx="95" ry="85" fill="${main}" ${edge}/>
<ellipse cx="550" cy="255" rx="95" ry="85" fill="${main}" ${edge}/>
<path d="M300 170 L500 170 L520 330 L560 570 Q400 615 240 570 L280 330 Z" fill="${main}" ${edge}/>
<path d="M340 170 L400 265 L460 170" fill="none" stroke="${accent}" stroke-width="12"/>
<path d="M400 265 L350 240 L350 295 Z M400 265 L450 240 L450 295 Z" fill="${accent}"/>
<circle cx="400" cy="360" r="9" fill="${accent}"/><circle cx="400" cy="430" r="9" fill="${accent}"/><circle cx="400" cy="500" r="9" fill="${accent}"/>`,
  handbag: (main, accent) => `${shadow}
<path d="M305 340 Q305 165 400 165 Q495 165 495 340" fill="none" stroke="#0f172a" stroke-opacity="0.3" stroke-width="40" stroke-linecap="round"/>
<path d="M305 340 Q305 165 400 165 Q495 165 495 340" fill="none" stroke="${main}" stroke-width="30" stroke-linecap="round"/>
<path d="M230 330 L570 330 Q590 330 595 350 L630 620 Q632 645 605 645 L195 645 Q168 645 170 620 L205 350 Q210 330 230 330 Z" fill="${main}" ${edge}/>
<path d="M212 335 L588 335 L570 455 Q400 505 230 455 Z" fill="#000000" fill-opacity="0.15"/>
<rect x="372" y="455" width="56" height="44" rx="10" fill="${accent}" ${edge}/>`,
  sneaker: (main, accent) => `${shadow}
<g transform="translate(0 90)"><path d="M140 520 L175 340 Q250 370 320 350 L420 430 Q530 440 630 460 Q690 480 675 540 L140 540 Z" fill="${main}" ${edge}/>
<rect x="130" y="530" width="560" height="50" rx="22" fill="${accent}" ${edge}/>
<path d="M300 390 L340 370 M330 420 L370 400 M360 450 L400 430" stroke="${accent}" stroke-width="12" stroke-linecap="round"/>
<path d="M250 480 Q400 500 560 470" fill="none" stroke="${accent}" stroke-width="16" stroke-linecap="round"/></g>`,
  oxford: (main, accent) => `${shadow}
<g transform="translate(0 90)"><rect x="160" y="540" width="110" height="45" rx="4" fill="#1c1917"/>
<path d="M150 540 Q138 390 240 378 L330 372 Q392 340 448 395 Q575 418 652 468 Q708 505 676 545 Z" fill="${main}" ${edge}/>
<path d="M240 378 Q300 410 330 372" fill="#000000" fill-opacity="0.35"/>
<rect x="140" y="538" width="548" height="20" rx="8" fill="#1c1917"/>
<path d="M352 392 L432 420 M362 420 L440 440" stroke="${accent}" stroke-width="9" stroke-linecap="round"/>
<path d="M530 452 Q600 470 640 515" fill="none" stroke="#000000" stroke-opacity="0.25" stroke-width="6"/>
${shine('M500 440 Q570 455 610 480')}</g>`,
  slide: (main, accent) => `${shadow}
<g transform="translate(0 90)"><path d="M120 560 Q120 515 165 515 L640 515 Q695 515 695 560 L695 590 L120 590 Z" fill="${accent}" ${edge}/>
<path d="M330 520 Q350 350 500 345 Q650 350 665 520 Z" fill="${main}" ${edge}/>
<path d="M395 440 Q500 400 610 440" fill="none" stroke="${accent}" stroke-width="14" stroke-linecap="round"/></g>`,
  sandal: (main, accent) => {
    const strap = (d: string) =>
      `<path d="${d}" fill="none" stroke="#0f172a" stroke-opacity="0.3" stroke-width="44" stroke-linecap="round"/>` +
      `<path d="${d}" fill="none" stroke="${main}" stroke-width="34" stroke-linecap="round"/>`;
    return `${shadow}<g transform="translate(0 90)">
<path d="M160 525 Q400 530 650 548 Q690 552 682 572 L170 572 Q140 565 160 525 Z" fill="${accent}" ${edge}/>
<rect x="170" y="565" width="70" height="55" rx="6" fill="${accent}" ${edge}/>
${strap('M395 540 Q470 420 610 545')}${strap('M470 545 Q520 430 655 550')}
${strap('M215 525 L235 430')}
<ellipse cx="265" cy="395" rx="70" ry="40" fill="none" stroke="#0f172a" stroke-opacity="0.3" stroke-width="38"/>
<ellipse cx="265" cy="395" rx="70" ry="40" fill="none" stroke="${main}" stroke-width="28"/>
<rect x="318" y="380" width="40" height="34" rx="6" fill="${accent}" ${edge}/></g>`;
  },
  heel: (main, accent) => `${shadow}
<g transform="translate(0 45)"><path d="M195 340 L240 340 L222 640 L208 640 Z" fill="${main}" ${edge}/>
<rect x="200" y="632" width="30" height="14" rx="4" fill="#1c1917"/>
<path d="M180 290 Q190 430 300 490 L470 548 Q600 565 690 572 Q700 520 620 488 Q520 445 430 440 Q310 430 250 290 Z" fill="${main}" ${edge}/>
<path d="M205 470 Q300 545 470 565 L690 575 L690 590 L470 582 Q300 565 200 492 Z" fill="${accent}"/>
${shine('M480 470 Q560 480 620 505')}</g>`,
  boot: (main, accent) => `${shadow}
<g transform="translate(0 90)"><path d="M225 170 L400 170 L410 390 Q500 410 600 445 Q675 470 672 535 L195 535 L205 300 Z" fill="${main}" ${edge}/>
<path d="M300 175 Q320 290 300 395 L360 395 Q375 290 355 175 Z" fill="#000000" fill-opacity="0.2"/>
<path d="M225 170 Q220 120 255 120 Q280 120 280 170" fill="none" stroke="${accent}" stroke-width="14"/>
<rect x="185" y="525" width="500" height="52" rx="16" fill="${accent}" ${edge}/>
<path d="M420 420 Q500 440 560 470" fill="none" stroke="#000000" stroke-opacity="0.2" stroke-width="6" stroke-dasharray="12 8"/></g>`,
  smartwatch: (main, accent) => `${shadow}
<rect x="320" y="90" width="160" height="620" rx="40" fill="${main}" ${edge}/>
<rect x="255" y="235" width="290" height="330" rx="72" fill="#334155" ${edge}/>
<rect x="280" y="262" width="240" height="276" rx="54" fill="#000000"/>
<circle cx="400" cy="400" r="82" fill="none" stroke="${accent}" stroke-width="22" stroke-dasharray="400 200" stroke-linecap="round"/>
<circle cx="400" cy="400" r="48" fill="none" stroke="#22c55e" stroke-width="20" stroke-dasharray="220 100" stroke-linecap="round"/>
<rect x="545" y="330" width="24" height="64" rx="10" fill="#9ca3af"/>`,
  fitnessBand: (main, accent) => `${shadow}
<ellipse cx="400" cy="380" rx="230" ry="150" fill="none" stroke="#0f172a" stroke-opacity="0.3" stroke-width="70"/>
<ellipse cx="400" cy="380" rx="230" ry="150" fill="none" stroke="${main}" stroke-width="58"/>
<rect x="290" y="450" width="220" height="120" rx="60" fill="#111827" ${edge}/>
<rect x="330" y="485" width="140" height="50" rx="25" fill="${accent}" fill-opacity="0.85"/>`,
  digitalWatch: (main, accent) => `${shadow}
<rect x="320" y="100" width="160" height="600" rx="30" fill="${main}" ${edge}/>
<circle cx="400" cy="160" r="10" fill="#000000" fill-opacity="0.35"/><circle cx="400" cy="640" r="10" fill="#000000" fill-opacity="0.35"/>
<path d="M270 240 L530 240 L595 305 L595 495 L530 560 L270 560 L205 495 L205 305 Z" fill="${main}" ${edge}/>
<path d="M285 270 L515 270 L560 315 L560 485 L515 530 L285 530 L240 485 L240 315 Z" fill="none" stroke="${accent}" stroke-width="12"/>
<rect x="290" y="335" width="220" height="130" rx="12" fill="#a3b18a"/>
<path d="M315 360 h40 M315 440 h40 M315 360 v80 M355 360 v80 M385 360 h40 M425 360 v80 M385 440 h40 M455 385 v10 M455 415 v10 M475 360 h20 M495 360 v80" stroke="#1f2937" stroke-width="10" stroke-linecap="round"/>
<rect x="180" y="320" width="26" height="40" rx="6" fill="${accent}"/><rect x="180" y="440" width="26" height="40" rx="6" fill="${accent}"/>
<rect x="594" y="320" width="26" height="40" rx="6" fill="${accent}"/><rect x="594" y="440" width="26" height="40" rx="6" fill="${accent}"/>`,
  wristwatch: (main, accent) => `${shadow}
<rect x="335" y="100" width="130" height="600" rx="34" fill="${accent}" ${edge}/>
<circle cx="400" cy="400" r="160" fill="${main}" ${edge}/>
<circle cx="400" cy="400" r="128" fill="#ffffff"/>
<line x1="400" y1="400" x2="400" y2="300" stroke="#111827" stroke-width="12" stroke-linecap="round"/>
<line x1="400" y1="400" x2="475" y2="440" stroke="#111827" stroke-width="9" stroke-linecap="round"/>
<circle cx="400" cy="400" r="12" fill="${accent}"/>
<rect x="558" y="380" width="26" height="40" rx="8" fill="${main}"/>`,
  perfume: (main, accent) => `${shadow}
<rect x="360" y="150" width="80" height="80" rx="12" fill="${accent}" ${edge}/>
<rect x="383" y="230" width="34" height="50" fill="${accent}"/>
<rect x="250" y="280" width="300" height="380" rx="48" fill="${main}" fill-opacity="0.9" ${edge}/>
<rect x="310" y="420" width="180" height="110" rx="14" fill="#ffffff" fill-opacity="0.8"/>
<rect x="275" y="300" width="40" height="320" rx="20" fill="#ffffff" fill-opacity="0.25"/>`,
  attar: (main, accent) => `${shadow}
<path d="M400 330 Q525 355 525 490 Q525 640 400 655 Q275 640 275 490 Q275 355 400 330 Z" fill="${main}" fill-opacity="0.92" ${edge}/>
<rect x="372" y="262" width="56" height="80" fill="${accent}" ${edge}/>
<path d="M330 275 Q400 160 470 275 Z" fill="${accent}" ${edge}/>
<circle cx="400" cy="180" r="20" fill="${accent}"/>
<path d="M400 80 L416 168 L384 168 Z" fill="${accent}"/>
<path d="M400 420 l40 50 l-40 50 l-40 -50 Z" fill="#ffffff" fill-opacity="0.55"/>
<path d="M310 420 Q300 500 330 580" fill="none" stroke="#ffffff" stroke-opacity="0.4" stroke-width="14" stroke-linecap="round"/>`,
  perfumeSet: (main, accent) => `${shadow}
<rect x="150" y="360" width="500" height="290" rx="18" fill="${main}" ${edge}/>
<rect x="185" y="230" width="80" height="180" rx="18" fill="#ffffff" fill-opacity="0.85" ${edge}/>
<rect x="300" y="200" width="80" height="210" rx="18" fill="${accent}" ${edge}/>
<rect x="415" y="220" width="80" height="190" rx="40" fill="#ffffff" fill-opacity="0.85" ${edge}/>
<rect x="530" y="240" width="80" height="170" rx="8" fill="${accent}" ${edge}/>
<rect x="205" y="195" width="40" height="38" rx="6" fill="#1c1917"/><rect x="320" y="165" width="40" height="38" rx="6" fill="#d4af37"/>
<rect x="435" y="185" width="40" height="38" rx="6" fill="#1c1917"/><rect x="550" y="205" width="40" height="38" rx="6" fill="#d4af37"/>
<rect x="150" y="450" width="500" height="200" rx="18" fill="${main}" ${edge}/>
<rect x="380" y="450" width="40" height="200" fill="${accent}"/>
<path d="M400 470 L330 430 L330 510 Z M400 470 L470 430 L470 510 Z" fill="${accent}" ${edge}/>`,
  incenseBurner: (main, accent) => `${shadow}
<path d="M400 320 Q350 260 400 210 Q450 160 400 100" fill="none" stroke="#ffffff" stroke-opacity="0.8" stroke-width="18" stroke-linecap="round"/>
<path d="M440 320 Q410 280 440 240 Q470 200 450 160" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="12" stroke-linecap="round"/>
<path d="M290 660 L510 660 L475 570 L325 570 Z" fill="${main}" ${edge}/>
<rect x="360" y="455" width="80" height="120" fill="${main}" ${edge}/>
<path d="M255 350 L545 350 L485 465 L315 465 Z" fill="${main}" ${edge}/>
<rect x="240" y="330" width="320" height="34" rx="8" fill="${accent}" ${edge}/>
<path d="M340 390 l20 22 l-20 22 l-20 -22 Z M400 390 l20 22 l-20 22 l-20 -22 Z M460 390 l20 22 l-20 22 l-20 -22 Z M400 590 l22 26 l-22 26 l-22 -26 Z" fill="${accent}"/>`,
  robotVacuum: (main, accent) => `${shadow}
<circle cx="400" cy="420" r="235" fill="${main}" ${edge}/>
<circle cx="400" cy="420" r="200" fill="#000000" fill-opacity="0.06"/>
<path d="M190 330 A232 232 0 0 1 610 330" fill="none" stroke="${accent}" stroke-width="20"/>
<circle cx="400" cy="320" r="58" fill="${accent}" ${edge}/><circle cx="400" cy="320" r="28" fill="#ffffff" fill-opacity="0.45"/>
<circle cx="370" cy="480" r="14" fill="${accent}"/><circle cx="430" cy="480" r="14" fill="${accent}"/>
<path d="M215 590 l-50 30 M215 590 l-20 55 M215 590 l-60 -5" stroke="#64748b" stroke-width="8" stroke-linecap="round"/>`,
  stickVacuum: (main, accent) => `${shadow}
<line x1="330" y1="300" x2="545" y2="610" stroke="#94a3b8" stroke-width="28" stroke-linecap="round"/>
<path d="M450 640 Q440 590 490 590 L660 590 Q700 590 700 630 L700 650 L450 650 Z" fill="${main}" ${edge}/>
<rect x="470" y="600" width="210" height="14" rx="7" fill="${accent}"/>
<g transform="rotate(-35 300 250)"><rect x="245" y="140" width="110" height="230" rx="48" fill="${main}" ${edge}/>
<rect x="262" y="250" width="76" height="105" rx="32" fill="${accent}" fill-opacity="0.75"/></g>
<path d="M215 130 Q150 230 230 300" fill="none" stroke="#0f172a" stroke-opacity="0.3" stroke-width="40" stroke-linecap="round"/>
<path d="M215 130 Q150 230 230 300" fill="none" stroke="${main}" stroke-width="30" stroke-linecap="round"/>`,
  airFryer: (main, accent) => `${shadow}
<rect x="230" y="150" width="340" height="500" rx="100" fill="${main}" ${edge}/>
<rect x="300" y="200" width="200" height="100" rx="24" fill="#111827"/>
<circle cx="400" cy="250" r="30" fill="${accent}"/>
<path d="M250 360 L550 360" stroke="#000000" stroke-opacity="0.2" stroke-width="6"/>
<rect x="260" y="375" width="280" height="240" rx="56" fill="#000000" fill-opacity="0.12"/>
<rect x="320" y="440" width="160" height="56" rx="28" fill="${accent}" ${edge}/>
<rect x="280" y="640" width="50" height="22" rx="6" fill="#1f2937"/><rect x="470" y="640" width="50" height="22" rx="6" fill="#1f2937"/>`,
  shaver: (main, accent) => `${shadow}
<path d="M325 330 L475 330 Q495 520 465 665 L335 665 Q305 520 325 330 Z" fill="${main}" ${edge}/>
<rect x="235" y="190" width="330" height="165" rx="70" fill="${accent}" ${edge}/>
<circle cx="310" cy="272" r="46" fill="#d1d5db" ${edge}/><circle cx="400" cy="252" r="46" fill="#d1d5db" ${edge}/><circle cx="490" cy="272" r="46" fill="#d1d5db" ${edge}/>
<circle cx="310" cy="272" r="22" fill="none" stroke="#6b7280" stroke-width="6"/><circle cx="400" cy="252" r="22" fill="none" stroke="#6b7280" stroke-width="6"/><circle cx="490" cy="272" r="22" fill="none" stroke="#6b7280" stroke-width="6"/>
<circle cx="400" cy="450" r="28" fill="#ffffff" fill-opacity="0.8"/>
<rect x="388" y="540" width="24" height="70" rx="12" fill="#000000" fill-opacity="0.2"/>`,
  fridge: (main, accent) => `${shadow}
<rect x="235" y="90" width="330" height="580" rx="28" fill="${main}" ${edge}/>
<line x1="235" y1="300" x2="565" y2="300" stroke="#0f172a" stroke-opacity="0.35" stroke-width="8"/>
<rect x="515" y="160" width="18" height="100" rx="9" fill="${accent}"/>
<rect x="515" y="330" width="18" height="180" rx="9" fill="${accent}"/>
<rect x="275" y="340" width="90" height="130" rx="10" fill="${accent}" fill-opacity="0.5"/>
${shine('M265 130 L265 260 M265 340 L265 620')}
<rect x="260" y="668" width="40" height="18" fill="#1f2937"/><rect x="500" y="668" width="40" height="18" fill="#1f2937"/>`,
  kettle: (main, accent) => `${shadow}
<rect x="235" y="600" width="330" height="48" rx="18" fill="${accent}" ${edge}/>
<path d="M505 290 Q650 300 630 430 Q615 545 545 570" fill="none" stroke="#0f172a" stroke-opacity="0.3" stroke-width="52" stroke-linecap="round"/>
<path d="M505 290 Q650 300 630 430 Q615 545 545 570" fill="none" stroke="${main}" stroke-width="40" stroke-linecap="round"/>
<path d="M305 280 L190 215 L205 285 L290 340 Z" fill="${main}" ${edge}/>
<path d="M290 250 L510 250 L555 600 L245 600 Z" fill="${main}" ${edge}/>
<path d="M295 252 Q400 185 505 252 Z" fill="${main}" ${edge}/>
<rect x="375" y="188" width="50" height="28" rx="10" fill="${accent}"/>
<rect x="320" y="320" width="44" height="230" rx="22" fill="${accent}" fill-opacity="0.55"/>
${shine('M450 300 L480 560')}`,
  bricks: (main, accent) => {
    const brick = (x: number, y: number, studs: number, fill: string) =>
      `<rect x="${x}" y="${y}" width="${studs * 75}" height="120" rx="10" fill="${fill}" ${edge}/>` +
      Array.from(
        { length: studs },
        (_, i) => `<rect x="${x + 14 + i * 75}" y="${y - 30}" width="48" height="34" rx="8" fill="${fill}" ${edge}/>`,
      ).join('');
    return `${shadow}${brick(150, 540, 4, main)}${brick(450, 540, 3, accent)}${brick(250, 390, 4, '#facc15')}${brick(320, 240, 2, main)}`;
  },
  woodenBlocks: (main, accent) => {
    const cube = (x: number, y: number, fill: string, mark: string) =>
      `<path d="M${x} ${y} l40 -40 h150 l-40 40 Z" fill="${fill}" fill-opacity="0.7" ${edge}/>` +
      `<path d="M${x + 150} ${y} l40 -40 v150 l-40 40 Z" fill="${fill}" fill-opacity="0.85" ${edge}/>` +
      `<rect x="${x}" y="${y}" width="150" height="150" rx="6" fill="${fill}" ${edge}/>` +
      `<g transform="translate(${x + 75} ${y + 75})">${mark}</g>`;
    const circle = '<circle r="42" fill="#ffffff" fill-opacity="0.9"/>';
    const triangle = '<path d="M0 -45 L45 38 L-45 38 Z" fill="#ffffff" fill-opacity="0.9"/>';
    const star =
      '<path d="M0 -48 L13 -15 L48 -15 L20 6 L30 42 L0 20 L-30 42 L-20 6 L-48 -15 L-13 -15 Z" fill="#ffffff" fill-opacity="0.9"/>';
    return `${shadow}${cube(200, 500, main, circle)}${cube(390, 500, accent, triangle)}${cube(295, 310, '#f59e0b', star)}`;
  },
  teddyBear: (main, accent) => `${shadow}
<ellipse cx="400" cy="500" rx="150" ry="160" fill="${main}" ${edge}/>
<ellipse cx="400" cy="520" rx="90" ry="100" fill="#ffffff" fill-opacity="0.35"/>
<circle cx="270" cy="440" r="55" fill="${main}" ${edge}/><circle cx="530" cy="440" r="55" fill="${main}" ${edge}/>
<circle cx="310" cy="630" r="62" fill="${main}" ${edge}/><circle cx="490" cy="630" r="62" fill="${main}" ${edge}/>
<circle cx="285" cy="150" r="52" fill="${main}" ${edge}/><circle cx="515" cy="150" r="52" fill="${main}" ${edge}/>
<circle cx="285" cy="150" r="26" fill="#ffffff" fill-opacity="0.4"/><circle cx="515" cy="150" r="26" fill="#ffffff" fill-opacity="0.4"/>
<circle cx="400" cy="250" r="130" fill="${main}" ${edge}/>
<ellipse cx="400" cy="295" rx="58" ry="44" fill="#ffffff" fill-opacity="0.55"/>
<ellipse cx="400" cy="278" rx="22" ry="16" fill="#1c1917"/>
<circle cx="350" cy="225" r="14" fill="#1c1917"/><circle cx="450" cy="225" r="14" fill="#1c1917"/>
<path d="M400 380 L330 350 L330 410 Z M400 380 L470 350 L470 410 Z" fill="${accent}" ${edge}/>`,
  console: (main, accent) => `${shadow}
<path d="M230 110 Q280 100 300 140 L300 640 Q270 660 235 650 Q200 380 230 110 Z" fill="${main}" ${edge}/>
<rect x="295" y="120" width="70" height="530" rx="12" fill="#111827"/>
<path d="M430 110 Q380 100 362 140 L362 640 Q392 660 427 650 Q462 380 430 110 Z" fill="${main}" ${edge}/>
<line x1="331" y1="150" x2="331" y2="620" stroke="${accent}" stroke-width="6" stroke-opacity="0.8"/>
<g transform="translate(330 360) scale(0.62)">${gamepad(main, accent)}</g>`,
  gamepad: (main, accent) => `${shadow}${gamepad(main, accent)}`,
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

/** The SVG of one product type's drawing in one palette. */
export function motifSvg(motif: Motif, [from, to, main, accent]: Palette): string {
  return frame(from, to, motifs[motif](main, accent));
}

export function drawMotif(motif: Motif, palette: Palette): Promise<Buffer> {
  return toPng(motifSvg(motif, palette));
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
