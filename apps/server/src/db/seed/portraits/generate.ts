/**
 * Draws the demo experts' portraits (illustrations made for this project, no outside
 * artwork; see docs) as SVG and rasterises them with sharp to the committed webp files.
 * Run again after changing a look: `npx tsx apps/server/src/db/seed/portraits/generate.ts`.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface Look {
  background: string;
  skin: string;
  hair: string;
  /** Long hair falls behind the shoulders; short sits on the head. */
  style: 'long' | 'bob' | 'short' | 'side';
  clothes: string;
  collar: string;
  glasses?: boolean;
  grey?: boolean;
}

/** By telephone, the seed's key for the demo experts (demo-data.ts). */
export const looks: Record<string, Look> = {
  '13800000002': {
    background: '#d6ecf0',
    skin: '#f3d2b8',
    hair: '#2b1d16',
    style: 'long',
    clothes: '#3f6f8f',
    collar: '#ffffff',
  },
  '13800000012': {
    background: '#e4e8f5',
    skin: '#e8c09c',
    hair: '#3a3a3a',
    style: 'side',
    clothes: '#2f3b52',
    collar: '#dfe6f0',
    glasses: true,
    grey: true,
  },
  '13800000013': {
    background: '#f6e3dc',
    skin: '#f5d6c0',
    hair: '#4a2c20',
    style: 'bob',
    clothes: '#b5525a',
    collar: '#fbe9e7',
  },
  '13800000014': {
    background: '#e2f0e0',
    skin: '#e9c3a0',
    hair: '#1c1c1c',
    style: 'short',
    clothes: '#4d6b3c',
    collar: '#ffffff',
  },
};

function hairBack(l: Look): string {
  if (l.style === 'long')
    return `<path d="M70 118 C60 40 196 40 186 118 L196 214 C170 226 86 226 60 214 Z" fill="${l.hair}"/>`;
  if (l.style === 'bob')
    return `<path d="M72 120 C64 40 192 40 184 120 L188 170 C160 180 96 180 68 170 Z" fill="${l.hair}"/>`;
  return '';
}

function hairFront(l: Look): string {
  switch (l.style) {
    case 'long':
      return `<path d="M74 130 C66 30 190 30 182 130 C176 104 164 92 150 90 C132 98 100 98 74 130 Z" fill="${l.hair}"/>`;
    case 'bob':
      return `<path d="M74 124 C68 30 188 30 182 124 C178 100 160 92 128 92 C100 92 80 100 74 124 Z" fill="${l.hair}"/>`;
    case 'side':
      return `<path d="M80 114 C76 34 180 34 176 114 C172 96 162 88 146 86 C126 94 98 94 80 114 Z" fill="${l.hair}"/>
        ${l.grey ? `<path d="M84 104 C86 84 94 72 106 64" stroke="#a8a8a8" stroke-width="4" fill="none"/><path d="M172 104 C170 84 162 72 150 64" stroke="#a8a8a8" stroke-width="4" fill="none"/>` : ''}`;
    case 'short':
      return `<path d="M80 110 C78 36 178 36 176 110 C170 94 154 88 128 88 C102 88 86 94 80 110 Z" fill="${l.hair}"/>`;
  }
}

export function portraitSvg(l: Look): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <rect width="256" height="256" fill="${l.background}"/>
  <circle cx="206" cy="52" r="30" fill="#ffffff" opacity="0.35"/>
  ${hairBack(l)}
  <path d="M40 256 C44 206 84 186 128 186 C172 186 212 206 216 256 Z" fill="${l.clothes}"/>
  <path d="M104 188 L128 222 L152 188 Z" fill="${l.collar}"/>
  <rect x="112" y="150" width="32" height="44" rx="14" fill="${l.skin}"/>
  <path d="M112 176 C120 184 136 184 144 176 L144 186 C136 192 120 192 112 186 Z" fill="#000" opacity="0.08"/>
  <ellipse cx="128" cy="122" rx="46" ry="54" fill="${l.skin}"/>
  <ellipse cx="82" cy="126" rx="8" ry="12" fill="${l.skin}"/>
  <ellipse cx="174" cy="126" rx="8" ry="12" fill="${l.skin}"/>
  ${hairFront(l)}
  <path d="M100 112 Q110 106 118 112" stroke="#3b2a22" stroke-width="3" fill="none" stroke-linecap="round"/>
  <path d="M138 112 Q146 106 156 112" stroke="#3b2a22" stroke-width="3" fill="none" stroke-linecap="round"/>
  <ellipse cx="109" cy="126" rx="5" ry="6" fill="#2a211c"/>
  <ellipse cx="147" cy="126" rx="5" ry="6" fill="#2a211c"/>
  <circle cx="111" cy="124" r="1.6" fill="#fff"/>
  <circle cx="149" cy="124" r="1.6" fill="#fff"/>
  ${l.glasses ? `<g fill="none" stroke="#3c3c3c" stroke-width="3"><rect x="94" y="114" width="30" height="24" rx="8"/><rect x="132" y="114" width="30" height="24" rx="8"/><path d="M124 124 L132 124"/></g>` : ''}
  <path d="M128 132 Q124 144 130 146" stroke="#c58f6c" stroke-width="2.5" fill="none" stroke-linecap="round"/>
  <ellipse cx="100" cy="146" rx="9" ry="5" fill="#f09a8a" opacity="0.35"/>
  <ellipse cx="156" cy="146" rx="9" ry="5" fill="#f09a8a" opacity="0.35"/>
  <path d="M114 156 Q128 168 142 156" stroke="#a0524a" stroke-width="3.5" fill="none" stroke-linecap="round"/>
</svg>`;
}

export const portraitFile = (telephone: string) => `expert-portrait-${telephone}.webp`;

const here = fileURLToPath(new URL('.', import.meta.url));
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { default: sharp } = await import('sharp');
  for (const [phone, look] of Object.entries(looks)) {
    const webp = await sharp(Buffer.from(portraitSvg(look)))
      .webp({ quality: 82 })
      .toBuffer();
    writeFileSync(`${here}${portraitFile(phone)}`, webp);
    console.log(portraitFile(phone), webp.length, 'bytes');
  }
}
