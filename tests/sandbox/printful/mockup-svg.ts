// SVG mockups drawn on the fly, so the sandbox's product images need no downloads and the demo
// store still looks like a store: each product kind has its own silhouette (a t-shirt with
// sleeves and collar, a mug with its handle, a cap with its brim...), in the variant's colour,
// shaded with light from the left, with the design printed where Printful would print it.
// Every variant has a front and a back view. The sandbox serves them as PNGs (mockup-png.ts).

export const MOCKUP_KINDS = ['tshirt', 'hoodie', 'sweatshirt', 'mug', 'cap', 'beanie', 'tote', 'sticker'] as const;
export type MockupKind = (typeof MOCKUP_KINDS)[number];

export const MOCKUP_VIEWS = ['front', 'back'] as const;
export type MockupView = (typeof MOCKUP_VIEWS)[number];

/** Where the design sits on the front: centre x, centre y, width (600 x 600 canvas). */
interface PrintArea {
  x: number;
  y: number;
  width: number;
}

interface KindDrawing {
  /** The silhouette: one or more paths filled with the colour, then shaded. */
  body: (view: MockupView) => string;
  /** Seams, folds and openings over the shading (stroke only). */
  details: (view: MockupView) => string;
  print: PrintArea;
  /** The design on the back, if the kind carries one there. */
  backPrint?: PrintArea;
}

const TEE_BODY =
  'M205 95 L140 118 L62 200 L118 262 L168 228 L168 528 L432 528 L432 228 L482 262 L538 200 L460 118 L395 95 Q300 150 205 95 Z';
const TEE_BACK =
  'M205 95 L140 118 L62 200 L118 262 L168 228 L168 528 L432 528 L432 228 L482 262 L538 200 L460 118 L395 95 Q300 118 205 95 Z';
const SWEAT_BODY =
  'M212 92 L148 114 L78 196 L58 478 L112 490 L136 262 L166 244 L166 520 L434 520 L434 244 L464 262 L488 490 L542 478 L522 196 L452 114 L388 92 Q300 146 212 92 Z';

const DRAWINGS: Record<MockupKind, KindDrawing> = {
  tshirt: {
    body: (view) => `<path d="${view === 'front' ? TEE_BODY : TEE_BACK}"/>`,
    details: (view) =>
      (view === 'front'
        ? '<path d="M205 95 Q300 170 395 95" stroke-width="10"/>'
        : '<path d="M205 95 Q300 128 395 95" stroke-width="8"/>') +
      '<path d="M168 228 L168 300 M432 228 L432 300" stroke-width="3"/><path d="M96 225 L140 270 M504 225 L460 270" stroke-width="3"/>',
    print: { x: 300, y: 300, width: 200 },
  },
  hoodie: {
    body: (view) =>
      `<path d="${SWEAT_BODY}"/>` +
      (view === 'front'
        ? '<path d="M212 92 Q220 20 300 14 Q380 20 388 92 Q300 150 212 92 Z"/>'
        : '<path d="M206 100 Q200 8 300 4 Q400 8 394 100 Q300 150 206 100 Z"/>'),
    details: (view) =>
      (view === 'front'
        ? '<path d="M232 96 Q300 176 368 96" stroke-width="8"/><path d="M282 150 L278 230 M318 150 L322 230" stroke-width="4"/><path d="M206 400 L394 400 L374 470 L226 470 Z" stroke-width="4"/>'
        : '<path d="M300 10 L300 130" stroke-width="4"/>') + '<path d="M166 492 L434 492" stroke-width="5"/>',
    print: { x: 300, y: 300, width: 180 },
  },
  sweatshirt: {
    body: () => `<path d="${SWEAT_BODY}"/>`,
    details: (view) =>
      (view === 'front'
        ? '<path d="M212 92 Q300 166 388 92" stroke-width="10"/>'
        : '<path d="M212 92 Q300 126 388 92" stroke-width="8"/>') +
      '<path d="M166 492 L434 492 M60 450 L112 462 M540 450 L488 462" stroke-width="5"/>',
    print: { x: 300, y: 300, width: 200 },
  },
  mug: {
    body: (view) => {
      const handle =
        view === 'front' ? 'M398 215 Q498 215 498 305 Q498 395 398 395' : 'M202 215 Q102 215 102 305 Q102 395 202 395';
      return (
        `<path d="${handle}" fill="none" stroke="currentColor" stroke-width="38"/>` +
        '<path d="M180 150 L420 150 L410 470 Q300 492 190 470 Z" transform="translate(' +
        (view === 'front' ? '-20' : '20') +
        ' 0)"/>'
      );
    },
    details: (view) => {
      const dx = view === 'front' ? -20 : 20;
      return `<ellipse cx="${300 + dx}" cy="150" rx="120" ry="20" stroke-width="4"/><ellipse cx="${300 + dx}" cy="152" rx="104" ry="13" fill="rgba(0,0,0,.28)" stroke="none"/>`;
    },
    print: { x: 280, y: 310, width: 175 },
    backPrint: { x: 320, y: 310, width: 175 },
  },
  cap: {
    body: (view) =>
      view === 'front'
        ? '<path d="M140 350 Q140 168 300 160 Q460 168 460 350 Z"/><path d="M150 340 Q300 322 450 340 Q500 372 470 410 Q300 440 130 410 Q100 372 150 340 Z"/>'
        : '<path d="M130 380 Q130 165 300 158 Q470 165 470 380 Z"/><path d="M150 372 Q300 400 450 372 L450 392 Q300 418 150 392 Z"/>',
    details: (view) =>
      (view === 'front'
        ? '<path d="M300 162 L300 350 M220 172 Q200 260 205 350 M380 172 Q400 260 395 350" stroke-width="3"/><path d="M150 342 Q300 324 450 342" stroke-width="5"/>'
        : '<path d="M300 160 L300 300 M215 172 Q195 270 200 372 M385 172 Q405 270 400 372" stroke-width="3"/><path d="M250 380 Q250 320 300 318 Q350 320 350 380 Z" fill="#eef0f4" stroke-width="4"/><path d="M236 372 L364 372" stroke-width="7"/>') +
      '<circle cx="300" cy="162" r="10" stroke-width="3"/>',
    print: { x: 300, y: 262, width: 140 },
  },
  beanie: {
    body: () =>
      '<path d="M150 410 Q150 170 300 160 Q450 170 450 410 Z"/><rect x="138" y="370" width="324" height="100" rx="20"/><circle cx="300" cy="138" r="42"/>',
    details: () =>
      '<path d="M190 250 L190 370 M230 205 L230 370 M270 180 L270 370 M330 180 L330 370 M370 205 L370 370 M410 250 L410 370" stroke-width="3"/><path d="M138 395 L462 395 M138 445 L462 445" stroke-width="2"/>',
    print: { x: 300, y: 420, width: 110 },
  },
  tote: {
    body: () =>
      '<path d="M215 205 Q215 80 300 80 Q385 80 385 205" fill="none" stroke="currentColor" stroke-width="20"/><rect x="135" y="195" width="330" height="350" rx="6"/>',
    details: () => '<path d="M135 225 L465 225" stroke-width="3"/>',
    print: { x: 300, y: 380, width: 210 },
    backPrint: { x: 300, y: 380, width: 210 },
  },
  sticker: {
    body: () => '<rect x="120" y="120" width="360" height="360" rx="64"/>',
    details: () => '<path d="M420 120 Q480 120 480 180 L480 150 Q450 150 420 120 Z" fill="#fff" stroke-width="2"/>',
    print: { x: 300, y: 300, width: 280 },
    backPrint: { x: 300, y: 300, width: 0 },
  },
};

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );
}

function isLight(hex: string): boolean {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 150;
}

export function isMockupKind(value: string): value is MockupKind {
  return (MOCKUP_KINDS as readonly string[]).includes(value);
}

export function isMockupView(value: string): value is MockupView {
  return (MOCKUP_VIEWS as readonly string[]).includes(value);
}

/** Splits the label over at most two lines of about `perLine` characters. */
function labelLines(label: string, perLine: number): string[] {
  const words = label.split(/\s+/).filter(Boolean);
  const lines: string[] = [''];
  for (const word of words) {
    const current = lines[lines.length - 1];
    if (current && (current + ' ' + word).length > perLine) {
      if (lines.length === 2) {
        lines[1] = `${lines[1]}…`;
        break;
      }
      lines.push(word);
    } else {
      lines[lines.length - 1] = current ? `${current} ${word}` : word;
    }
  }
  return lines;
}

/** The design as printed: a badge with the product's name, ink chosen to stand out on the colour. */
function printedDesign(area: PrintArea, label: string, onLight: boolean): string {
  if (area.width === 0) return '';
  const ink = onLight ? '#1b1b1f' : '#f5f5f7';
  const accent = '#1E90FF';
  const size = Math.max(12, Math.round(area.width / 9));
  const lines = labelLines(label, Math.max(8, Math.round(area.width / (size * 0.56))));
  const height = size * (lines.length + 1.6);
  const top = area.y - height / 2;
  const text = lines
    .map(
      (line, i) => `<tspan x="${area.x}" y="${Math.round(top + size * (1.55 + i * 1.1))}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  return [
    `<rect x="${area.x - area.width / 2}" y="${Math.round(top)}" width="${area.width}" height="${Math.round(height)}" rx="${Math.round(size / 2)}" fill="none" stroke="${accent}" stroke-width="${Math.max(3, Math.round(size / 5))}"/>`,
    `<text font-family="Helvetica, Arial, sans-serif" font-size="${size}" font-weight="700" text-anchor="middle" fill="${ink}">${text}</text>`,
  ].join('');
}

/** `hex` is six hex digits without '#'. */
export function mockupSvg(kind: MockupKind, hex: string, label: string, view: MockupView = 'front'): string {
  const drawing = DRAWINGS[kind];
  const colour = `#${hex}`;
  const light = isLight(hex);
  const body = drawing.body(view);
  const area = view === 'front' ? drawing.print : drawing.backPrint;
  const title = escapeXml(`${label}, ${view} view`);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">',
    `<title>${title}</title>`,
    '<defs>',
    '<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f5f8"/><stop offset="1" stop-color="#e3e6ec"/></linearGradient>',
    // Light from the upper left: lighter there, darker towards the lower right.
    '<linearGradient id="shade" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".22"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".28"/></linearGradient>',
    '<radialGradient id="floor" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#000" stop-opacity=".22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>',
    '</defs>',
    '<rect width="600" height="600" fill="url(#bg)"/>',
    '<ellipse cx="300" cy="548" rx="230" ry="22" fill="url(#floor)"/>',
    `<g fill="${colour}" color="${colour}" stroke="rgba(0,0,0,.25)" stroke-width="2">${body}</g>`,
    `<g fill="url(#shade)" color="transparent" stroke="none">${body}</g>`,
    `<g fill="none" stroke="${light ? 'rgba(0,0,0,.16)' : 'rgba(255,255,255,.16)'}" stroke-linecap="round">${drawing.details(view)}</g>`,
    area ? printedDesign(area, label, light) : '',
    '</svg>',
  ].join('');
}

/** The print file ("design") the mockups carry: the product name set in a box. */
export function designSvg(label: string): string {
  const text = escapeXml(label.length > 30 ? `${label.slice(0, 29)}…` : label);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">',
    '<rect x="40" y="220" width="520" height="160" rx="16" fill="none" stroke="#1E90FF" stroke-width="10"/>',
    `<text x="300" y="312" font-family="Helvetica, Arial, sans-serif" font-size="34" font-weight="700" text-anchor="middle" fill="#1E90FF">${text}</text>`,
    '</svg>',
  ].join('');
}
