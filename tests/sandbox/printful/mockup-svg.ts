// Simple SVG mockups drawn on the fly, so the sandbox's product images need no downloads:
// a coloured garment, mug, cap, bag or sticker shape with the product name on it.

export const MOCKUP_KINDS = ['tshirt', 'hoodie', 'sweatshirt', 'mug', 'cap', 'beanie', 'tote', 'sticker'] as const;
export type MockupKind = (typeof MOCKUP_KINDS)[number];

const SHAPES: Record<MockupKind, string> = {
  tshirt:
    '<path d="M210 90 L150 110 L70 190 L125 250 L170 215 L170 520 L430 520 L430 215 L475 250 L530 190 L450 110 L390 90 Q300 150 210 90 Z"/>',
  hoodie:
    '<path d="M215 100 Q300 20 385 100 L455 120 L530 200 L545 470 L490 480 L470 250 L440 240 L440 530 L160 530 L160 240 L130 250 L110 480 L55 470 L70 200 L145 120 Z"/>' +
    '<path d="M235 105 Q300 190 365 105" fill="none" stroke="rgba(0,0,0,.25)" stroke-width="8"/>' +
    '<rect x="215" y="400" width="170" height="80" rx="20" fill="rgba(0,0,0,.12)"/>',
  sweatshirt:
    '<path d="M215 95 L150 115 L75 195 L60 470 L115 480 L135 250 L165 235 L165 525 L435 525 L435 235 L465 250 L485 480 L540 470 L525 195 L450 115 L385 95 Q300 150 215 95 Z"/>' +
    '<rect x="165" y="495" width="270" height="30" fill="rgba(0,0,0,.12)"/>',
  mug:
    '<rect x="150" y="150" width="250" height="310" rx="24"/>' +
    '<path d="M400 210 Q500 210 500 300 Q500 390 400 390" fill="none" stroke="currentColor" stroke-width="34"/>' +
    '<ellipse cx="275" cy="150" rx="125" ry="22" fill="rgba(0,0,0,.15)"/>',
  cap:
    '<path d="M130 360 Q130 170 300 165 Q470 170 470 360 Z"/>' +
    '<path id="brim" d="M110 360 L490 360 Q560 365 560 395 Q480 420 300 405 Q150 400 110 380 Z"/>' +
    '<use href="#brim" fill="rgba(0,0,0,.2)"/>' +
    '<circle cx="300" cy="168" r="14" fill="rgba(0,0,0,.2)"/>',
  beanie:
    '<path d="M150 400 Q150 170 300 160 Q450 170 450 400 Z"/>' +
    '<rect id="cuff" x="140" y="370" width="320" height="90" rx="18"/>' +
    '<use href="#cuff" fill="rgba(0,0,0,.18)"/>' +
    '<circle cx="300" cy="140" r="40"/>',
  tote:
    '<path d="M215 200 Q215 90 300 90 Q385 90 385 200" fill="none" stroke="currentColor" stroke-width="18"/>' +
    '<rect x="140" y="190" width="320" height="340" rx="6"/>',
  sticker:
    '<rect x="130" y="130" width="340" height="340" rx="60"/>' +
    '<rect x="150" y="150" width="300" height="300" rx="48" fill="none" stroke="rgba(255,255,255,.8)" stroke-width="6" stroke-dasharray="18 12"/>',
};

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );
}

/** Dark text on light garments, light text on dark ones. */
function textColourFor(hex: string): string {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#1b1b1f' : '#f5f5f7';
}

export function isMockupKind(value: string): value is MockupKind {
  return (MOCKUP_KINDS as readonly string[]).includes(value);
}

/** `hex` is six hex digits without '#'. */
export function mockupSvg(kind: MockupKind, hex: string, label: string): string {
  const colour = `#${hex}`;
  const text = escapeXml(label.length > 26 ? `${label.slice(0, 25)}…` : label);
  const textY = kind === 'cap' || kind === 'beanie' ? 300 : kind === 'mug' ? 310 : 330;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">',
    `<title>${text}</title>`,
    '<rect width="600" height="600" fill="#eef0f4"/>',
    `<g fill="${colour}" color="${colour}" stroke="rgba(0,0,0,.18)" stroke-width="3">${SHAPES[kind]}</g>`,
    `<text x="${kind === 'mug' ? 275 : 300}" y="${textY}" font-family="Helvetica, Arial, sans-serif" font-size="22" font-weight="700" text-anchor="middle" fill="${textColourFor(hex)}">${text}</text>`,
    '<text x="300" y="585" font-family="Helvetica, Arial, sans-serif" font-size="14" text-anchor="middle" fill="#8a8f98">Printful sandbox mockup</text>',
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
