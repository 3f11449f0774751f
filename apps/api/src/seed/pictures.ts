// The demo's pictures, drawn from SVG (never downloaded): soft shapes in a palette per kind of
// product. A fixture names a picture as [palette, seed].

/** Colours of each drawn picture: background light/dark, then the "product" shapes. */
export const PALETTES = {
  flower: ['#7fb069', '#1f3d2b', '#a4c639', '#6b8e23'],
  frosty: ['#c9e4c5', '#2e4a3a', '#e8f5e1', '#8fbc8f'],
  purple: ['#9a7fb0', '#2d1f3d', '#b38bd1', '#5e3a7a'],
  preroll: ['#e8d5b7', '#5a4632', '#f5ecd9', '#8b6f47'],
  concentrate: ['#f2c14e', '#5c3d0a', '#f7d774', '#d4911c'],
  rosin: ['#f5e6a8', '#6b5314', '#fff3c4', '#e0b94a'],
  vape: ['#b8c4cc', '#1e2a33', '#dfe7ec', '#c9a227'],
  edible: ['#f4a6b8', '#5a1f33', '#ffd1dc', '#e85d75'],
  chocolate: ['#a47148', '#2b1a0e', '#c89f7a', '#6f4518'],
  tincture: ['#d9b38c', '#3d2614', '#f0dcc5', '#8c5a2b'],
  topical: ['#dce9f2', '#243b4a', '#ffffff', '#7fa7c4'],
  clone: ['#9ccc65', '#1b3a1b', '#c5e1a5', '#558b2f'],
} satisfies Record<string, [string, string, string, string]>;

export type Palette = keyof typeof PALETTES;

export function pictureSvg(palette: Palette, seed: number): string {
  const [light, dark, highlight, shape] = PALETTES[palette];
  const shapes = Array.from({ length: 14 }, (_, i) => {
    const x = 180 + ((seed * 131 + i * 97) % 600);
    const y = 160 + ((seed * 71 + i * 53) % 400);
    const r = 28 + ((seed * 17 + i * 29) % 70);
    const fill = i % 3 === 0 ? highlight : shape;
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" opacity="${0.55 + (i % 4) * 0.1}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 960 720">
    <defs><radialGradient id="bg" cx="0.4" cy="0.35" r="0.9">
      <stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/>
    </radialGradient></defs>
    <rect width="960" height="720" fill="url(#bg)"/>${shapes}
    <rect x="0" y="640" width="960" height="80" fill="${dark}" opacity="0.35"/>
  </svg>`;
}
