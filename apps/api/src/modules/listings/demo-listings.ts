import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { listingFormSchema } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppContext } from '../../context.ts';
import { listings, type UserRow } from '../../db/schema/index.ts';
import { type ImageVariants, processImage } from '../../lib/media/images.ts';
import { samplePdf } from '../../lib/sample-pdf.ts';
import { saveToTemp, stagingDir } from '../../lib/uploads.ts';
import { discardUploads, type PreparedImage, type PreparedMedia, prepareUploads } from '../media/prepare.ts';
import { insertPreparedListing, resolveProductType } from './service.ts';

// About forty realistic listings for the demo accounts, stored through the same pipeline as an
// upload (webp variants, posters, content-addressed files). Pictures are drawn from SVG, never
// downloaded; the sixteen pictures are rendered once each and shared by the listings that show
// them, which keeps seeding within a few seconds.

const run = promisify(execFile);

/** Colours of each drawn picture: background light/dark, then the "product" shapes. */
const PALETTES: Record<string, [string, string, string, string]> = {
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
};

function pictureSvg(palette: keyof typeof PALETTES, seed: number): string {
  const [light, dark, highlight, shape] = PALETTES[palette] ?? ['#ccc', '#333', '#eee', '#999'];
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

interface DemoListing {
  /** Index into the demo sellers given to seedDemoListings. */
  seller: number;
  title: string;
  type: string;
  strain?: string;
  thc?: number;
  cbd?: number;
  lbs: number;
  /** Per pound; omitted for "make me an offer". */
  price?: number;
  negotiable?: boolean;
  coa?: string;
  pictures: [keyof typeof PALETTES, number][];
  video?: boolean;
  daysAgo: number;
  archived?: boolean;
  views: number;
  description: string;
}

const DEMO_LISTINGS: DemoListing[] = [
  {
    seller: 0,
    title: 'Blue Dream indoor A-grade, 2025 harvest',
    type: 'Flower - Indoor',
    strain: 'Blue Dream',
    thc: 24.1,
    cbd: 0.1,
    lbs: 25,
    price: 1350,
    negotiable: true,
    coa: 'ERF-24-0112',
    pictures: [
      ['flower', 1],
      ['frosty', 0],
    ],
    video: true,
    daysAgo: 1,
    views: 142,
    description:
      'Hand-trimmed, slow-dried for 14 days and cured in Grove bags. Dense, sativa-leaning buds with a sweet berry nose. Packed in 1 lb turkey bags, METRC tagged.',
  },
  {
    seller: 0,
    title: 'Wedding Cake greenhouse smalls',
    type: 'Smalls',
    strain: 'Wedding Cake',
    thc: 21.4,
    lbs: 40,
    price: 450,
    negotiable: true,
    pictures: [['frosty', 1]],
    daysAgo: 2,
    views: 88,
    description:
      'Light-dep greenhouse smalls, popcorn to mid size. Great for pre-roll or eighths at value price points. Machine bucked, hand finished.',
  },
  {
    seller: 0,
    title: 'Humboldt outdoor OG Kush, full-sun',
    type: 'Flower - Outdoor',
    strain: 'OG Kush',
    thc: 19.8,
    lbs: 120,
    negotiable: true,
    pictures: [['flower', 0]],
    daysAgo: 3,
    views: 61,
    description:
      'Full-term sun-grown OG Kush from our Humboldt ridge. Earthy pine and fuel. Selling the whole lot or in 20 lb splits; make us an offer.',
  },
  {
    seller: 0,
    title: 'Gelato 41 indoor, top shelf',
    type: 'Flower - Indoor',
    strain: 'Gelato 41',
    thc: 27.3,
    cbd: 0.2,
    lbs: 12.5,
    price: 1800,
    coa: 'ERF-24-0131',
    pictures: [
      ['purple', 1],
      ['frosty', 0],
    ],
    daysAgo: 4,
    views: 203,
    description:
      'Single-room LED grow, living soil. Purple hues, heavy trichome coverage and a creamy citrus finish. Lab tested for potency, pesticides and microbials.',
  },
  {
    seller: 0,
    title: 'Sour Diesel greenhouse, B-grade',
    type: 'Flower - Greenhouse',
    strain: 'Sour Diesel',
    thc: 20.2,
    lbs: 60,
    price: 650,
    negotiable: true,
    pictures: [['flower', 1]],
    daysAgo: 6,
    views: 47,
    description:
      'Classic gassy Sour Diesel from a mixed-light greenhouse. Some larf, otherwise solid mids. Ideal for distributors stocking value jars.',
  },
  {
    seller: 0,
    title: 'Zkittlez indoor, hand-trimmed',
    type: 'Flower - Indoor',
    strain: 'Zkittlez',
    thc: 23.6,
    lbs: 18,
    price: 1400,
    negotiable: false,
    coa: 'ERF-24-0140',
    pictures: [['purple', 0]],
    daysAgo: 8,
    views: 96,
    description:
      'Candy-forward terpene profile, tight indica structure. Hang-dried and cured 21 days. Terpene report included with the lab results.',
  },
  {
    seller: 0,
    title: 'Mixed-strain trim for extraction',
    type: 'Trim',
    lbs: 300,
    price: 60,
    negotiable: true,
    pictures: [['clone', 0]],
    daysAgo: 10,
    views: 34,
    description:
      'Sugar leaf and trim from our fall harvest, frozen within 24 hours of bucking. Suitable for hydrocarbon or rosin extraction. Pickup in Eureka.',
  },
  {
    seller: 0,
    title: 'Blue Dream clones, rooted',
    type: 'Clones',
    strain: 'Blue Dream',
    lbs: 5,
    price: 120,
    negotiable: true,
    pictures: [['clone', 0]],
    daysAgo: 12,
    views: 22,
    description:
      'Rooted, pest-free Blue Dream cuts from mother stock tested clean for HLVd. Sold by the tray (pricing per lb of trays, 50 cuts a tray).',
  },
  {
    seller: 0,
    title: 'Granddaddy Purple outdoor, bulk',
    type: 'Flower - Outdoor',
    strain: 'Granddaddy Purple',
    thc: 18.7,
    lbs: 200,
    negotiable: true,
    pictures: [['purple', 1]],
    daysAgo: 15,
    views: 40,
    description:
      'Large outdoor lot of GDP with deep purple colour. Bucked and binned. Best offer on the whole 200 lbs takes it.',
  },
  {
    seller: 0,
    title: 'Runtz indoor, last season',
    type: 'Flower - Indoor',
    strain: 'Runtz',
    thc: 25.9,
    lbs: 8,
    price: 1100,
    negotiable: true,
    pictures: [['frosty', 0]],
    daysAgo: 35,
    archived: true,
    views: 155,
    description:
      'Remaining jars from our spring harvest of Runtz. Stored cold and dark; still sticky. Archived until the next run.',
  },
  {
    seller: 0,
    title: 'Pink Runtz pre-roll material',
    type: 'Smalls',
    strain: 'Pink Runtz',
    thc: 22.2,
    lbs: 30,
    price: 380,
    pictures: [['edible', 0]],
    daysAgo: 40,
    archived: true,
    views: 71,
    description:
      'Small buds and shake of Pink Runtz, ground on request. Archived while we finish a contract.',
  },
  {
    seller: 1,
    title: 'Live resin badder, Sour Tangie',
    type: 'Badder',
    strain: 'Sour Tangie',
    thc: 76.4,
    lbs: 4.5,
    price: 4200,
    negotiable: true,
    coa: 'GSE-0419',
    pictures: [['concentrate', 1]],
    video: true,
    daysAgo: 1,
    views: 118,
    description:
      'Fresh-frozen hydrocarbon extraction whipped into a creamy badder. Bright tangerine terpenes at 9 percent. Bulk in 1 lb glass, compliant labels on request.',
  },
  {
    seller: 1,
    title: 'Cured resin shatter, GMO Cookies',
    type: 'Shatter',
    strain: 'GMO Cookies',
    thc: 81.2,
    lbs: 6,
    price: 2600,
    pictures: [['concentrate', 0]],
    daysAgo: 2,
    views: 64,
    description:
      'Glassy, stable shatter from cured GMO Cookies. Garlic-forward, savoury terps. Purged under vacuum, residual solvents well below state limits.',
  },
  {
    seller: 1,
    title: 'Distillate, 93% THC, clear',
    type: 'Distillate',
    thc: 93.1,
    lbs: 22,
    price: 2100,
    negotiable: true,
    coa: 'GSE-0422',
    pictures: [['rosin', 0]],
    daysAgo: 3,
    views: 152,
    description:
      'Double-pass short path distillate, water clear. Ideal for cartridges and infused products. Volume pricing above 10 lbs.',
  },
  {
    seller: 1,
    title: 'Live rosin, Papaya, 90u',
    type: 'Rosin',
    strain: 'Papaya',
    thc: 72.8,
    lbs: 1.25,
    price: 9500,
    coa: 'GSE-0425',
    pictures: [['rosin', 0]],
    daysAgo: 4,
    views: 99,
    description:
      'Solventless cold-cure rosin pressed from 90 micron bubble hash. Tropical, juicy and smooth. Limited batch.',
  },
  {
    seller: 1,
    title: '510 vape cartridges, 1g, assorted strains',
    type: 'Vape Cartridges',
    strain: 'Assorted',
    thc: 88.5,
    lbs: 3,
    price: 5200,
    negotiable: true,
    coa: 'GSE-0431',
    pictures: [
      ['vape', 0],
      ['concentrate', 1],
    ],
    daysAgo: 5,
    views: 176,
    description:
      'Ceramic-core 1 gram carts filled with distillate and botanical terpenes. Strains: Blue Dream, Pineapple Express, Gelato. Sold in cases of 100.',
  },
  {
    seller: 1,
    title: 'Disposable vapes, 0.5g, Lemon Haze',
    type: 'Disposable Vapes',
    strain: 'Lemon Haze',
    thc: 86.9,
    lbs: 1.5,
    price: 6100,
    pictures: [['vape', 0]],
    daysAgo: 7,
    views: 58,
    description:
      'Rechargeable all-in-one half-gram disposables with live resin blend. Child-resistant packaging and compliant labels included.',
  },
  {
    seller: 1,
    title: 'Crude oil, winterized, bulk',
    type: 'Crude Oil',
    thc: 68.4,
    lbs: 45,
    negotiable: true,
    pictures: [['concentrate', 0]],
    daysAgo: 9,
    views: 29,
    description:
      'Ethanol-extracted, winterized crude ready for distillation. Make an offer for the full lot; COA available on request.',
  },
  {
    seller: 1,
    title: 'Infused pre-rolls, 1g, Watermelon Zkittlez',
    type: 'Infused Pre-Rolls',
    strain: 'Watermelon Zkittlez',
    thc: 41.5,
    lbs: 10,
    price: 2400,
    negotiable: true,
    coa: 'GSE-0440',
    pictures: [['preroll', 0]],
    daysAgo: 11,
    views: 83,
    description:
      'One gram cones filled with indoor flower, coated in distillate and rolled in kief. Boxed in tens, tubes available.',
  },
  {
    seller: 1,
    title: 'Full-spectrum tincture, 1:1 THC:CBD',
    type: 'Tinctures',
    thc: 1.5,
    cbd: 1.5,
    lbs: 14,
    price: 1900,
    coa: 'GSE-0444',
    pictures: [['tincture', 0]],
    daysAgo: 13,
    views: 37,
    description:
      'MCT-based full-spectrum tincture, 1500 mg per litre of each cannabinoid. Sold in bulk litres for bottling; 30 ml dropper bottles on request.',
  },
  {
    seller: 1,
    title: 'THC gummies, 10mg, mixed fruit',
    type: 'Gummies',
    thc: 0.4,
    lbs: 35,
    price: 700,
    negotiable: true,
    coa: 'GSE-0450',
    pictures: [['edible', 0]],
    daysAgo: 14,
    views: 104,
    description:
      'Vegan pectin gummies dosed at 10 mg each, 10 per pack. Strawberry, mango and sour apple. Shelf stable for 12 months.',
  },
  {
    seller: 1,
    title: 'Dark chocolate bars, 100mg',
    type: 'Chocolates',
    thc: 0.2,
    lbs: 20,
    price: 900,
    pictures: [['chocolate', 0]],
    daysAgo: 18,
    views: 45,
    description:
      '70 percent cacao bars, 10 squares of 10 mg. Single-origin chocolate infused with distillate. Compliant packaging included.',
  },
  {
    seller: 1,
    title: 'Sparkling cannabis seltzer, 5mg',
    type: 'Beverages',
    thc: 0.01,
    lbs: 250,
    price: 48,
    negotiable: true,
    pictures: [['topical', 0]],
    daysAgo: 22,
    views: 31,
    description:
      'Fast-acting nano-emulsified 5 mg seltzer in 12 oz cans. Grapefruit and yuzu. Priced per pound of finished product (cases of 24).',
  },
  {
    seller: 1,
    title: 'Sugar wax, Lemon Cherry Gelato',
    type: 'Live Resin',
    strain: 'Lemon Cherry Gelato',
    thc: 74.2,
    lbs: 2,
    price: 3900,
    pictures: [['concentrate', 0]],
    daysAgo: 45,
    archived: true,
    views: 66,
    description: 'Sold out for now; archived until the next extraction run in two weeks.',
  },
  {
    seller: 2,
    title: 'Mendocino heritage Purple Kush, sun-grown',
    type: 'Flower - Outdoor',
    strain: 'Purple Kush',
    thc: 20.5,
    lbs: 85,
    price: 520,
    negotiable: true,
    coa: 'MHC-7781',
    pictures: [['purple', 1]],
    video: true,
    daysAgo: 2,
    views: 77,
    description:
      'Regeneratively farmed in Round Valley. Craft outdoor Purple Kush with earthy grape notes. Appellation-eligible lot.',
  },
  {
    seller: 2,
    title: 'Pre-rolls, 0.5g, Sour Tangie, 1000 count',
    type: 'Pre-Rolls',
    strain: 'Sour Tangie',
    thc: 22.8,
    lbs: 1.1,
    price: 2900,
    pictures: [['preroll', 0]],
    daysAgo: 3,
    views: 92,
    description:
      'Half-gram pre-rolls with whole flower only, no trim. Hemp paper cones, packed in bulk bags of 1000.',
  },
  {
    seller: 2,
    title: 'Greenhouse Cherry Pie, A-grade',
    type: 'Flower - Greenhouse',
    strain: 'Cherry Pie',
    thc: 23.0,
    lbs: 45,
    price: 900,
    negotiable: true,
    coa: 'MHC-7790',
    pictures: [
      ['flower', 1],
      ['purple', 0],
    ],
    daysAgo: 5,
    views: 65,
    description:
      'Light-dep greenhouse Cherry Pie, tight and resinous. Dried 12 days and cured. Consistent bud size for jars.',
  },
  {
    seller: 2,
    title: 'CBD-rich Harlequin flower, 2:1',
    type: 'Flower - Greenhouse',
    strain: 'Harlequin',
    thc: 6.2,
    cbd: 11.8,
    lbs: 30,
    price: 400,
    negotiable: true,
    coa: 'MHC-7792',
    pictures: [['frosty', 1]],
    daysAgo: 6,
    views: 38,
    description:
      'Balanced, clear-headed Harlequin for medicinal menus. Low odour, bright green buds. Tested for cannabinoids and terpenes.',
  },
  {
    seller: 2,
    title: 'Pain relief balm, 1000mg',
    type: 'Topicals',
    thc: 0.5,
    cbd: 0.5,
    lbs: 8,
    price: 1100,
    coa: 'MHC-7801',
    pictures: [['topical', 0]],
    daysAgo: 7,
    views: 27,
    description:
      'Arnica, menthol and a 1:1 cannabinoid blend in a shea butter base. 2 oz jars, sold by the case.',
  },
  {
    seller: 2,
    title: 'Ice water hash, 73-159u',
    type: 'Other',
    strain: 'Mendo Breath',
    thc: 58.3,
    lbs: 3,
    price: 3400,
    negotiable: true,
    pictures: [['rosin', 0]],
    daysAgo: 9,
    views: 51,
    description: 'Full-melt bubble hash from fresh-frozen Mendo Breath. Ready to press or sell as is.',
  },
  {
    seller: 2,
    title: 'Outdoor Lemon Haze, whole lot',
    type: 'Flower - Outdoor',
    strain: 'Lemon Haze',
    thc: 18.1,
    lbs: 150,
    negotiable: true,
    pictures: [['flower', 0]],
    daysAgo: 11,
    views: 24,
    description:
      'Bright citrus outdoor Haze, machine trimmed. Whole lot only; open to offers from licensed distributors.',
  },
  {
    seller: 2,
    title: 'Blue Dream pre-roll shake, sun-grown',
    type: 'Smalls',
    strain: 'Blue Dream',
    thc: 17.4,
    lbs: 70,
    price: 240,
    negotiable: true,
    pictures: [['preroll', 0]],
    daysAgo: 25,
    views: 15,
    description:
      'Sifted shake from sun-grown Blue Dream, no stems or seeds. Consistent grind for pre-roll machines.',
  },
  {
    seller: 2,
    title: 'Feminized seeds, Mendo Breath F2',
    type: 'Seeds',
    strain: 'Mendo Breath',
    lbs: 0.25,
    price: 8000,
    pictures: [['clone', 0]],
    daysAgo: 16,
    views: 19,
    description:
      'Stable feminized F2 seeds from our heritage line, 90 percent germination. Sold per quarter pound (about 3,000 seeds).',
  },
  {
    seller: 0,
    title: 'Pineapple Express indoor, craft batch',
    type: 'Flower - Indoor',
    strain: 'Pineapple Express',
    thc: 22.9,
    lbs: 10,
    price: 1250,
    negotiable: true,
    coa: 'SCC-220',
    pictures: [['frosty', 0]],
    daysAgo: 1,
    views: 58,
    description:
      'Small-batch indoor from our second flower room. Tropical, sweet and hazy. Trimmed by hand, cured 3 weeks.',
  },
  {
    seller: 0,
    title: 'Jack Herer greenhouse, mids',
    type: 'Flower - Greenhouse',
    strain: 'Jack Herer',
    thc: 19.5,
    lbs: 55,
    price: 550,
    negotiable: true,
    pictures: [['flower', 1]],
    daysAgo: 4,
    views: 33,
    description: 'Spicy pine Jack Herer, mixed-light greenhouse, mid-grade. Priced to move for value menus.',
  },
  {
    seller: 1,
    title: 'Infused pre-roll 5-packs, Blue Zushi',
    type: 'Infused Pre-Rolls',
    strain: 'Blue Zushi',
    thc: 38.7,
    lbs: 6,
    price: 2800,
    negotiable: true,
    coa: 'SCC-228',
    pictures: [['preroll', 0]],
    daysAgo: 6,
    views: 70,
    description: 'Five half-gram infused pre-rolls per pack, rosin-infused. Display-ready packaging.',
  },
  {
    seller: 1,
    title: 'Live resin carts, Super Lemon Haze',
    type: 'Vape Cartridges',
    strain: 'Super Lemon Haze',
    thc: 79.6,
    lbs: 2.5,
    price: 5800,
    coa: 'SCC-231',
    pictures: [['vape', 0]],
    daysAgo: 8,
    views: 62,
    description: 'Strain-specific live resin in 1 g all-ceramic hardware. No added terpenes. Cases of 50.',
  },
  {
    seller: 2,
    title: 'CBD tincture, 3000mg, isolate-free',
    type: 'Tinctures',
    thc: 0.2,
    cbd: 10,
    lbs: 9,
    price: 1600,
    negotiable: true,
    coa: 'SCC-235',
    pictures: [['tincture', 0]],
    daysAgo: 12,
    views: 18,
    description: 'Broad-spectrum CBD with trace THC in organic olive oil. Bulk litres or bottled in 30 ml.',
  },
  {
    seller: 1,
    title: 'Sativa gummies, 5mg microdose',
    type: 'Gummies',
    thc: 0.2,
    lbs: 28,
    price: 620,
    pictures: [['edible', 0]],
    daysAgo: 17,
    views: 44,
    description:
      'Low-dose 5 mg gummies, 20 per pouch, passion fruit flavour. Popular with first-time customers.',
  },
  {
    seller: 2,
    title: 'Fresh frozen whole plant, Gushers',
    type: 'Other',
    strain: 'Gushers',
    lbs: 500,
    negotiable: true,
    pictures: [['clone', 0]],
    daysAgo: 20,
    views: 26,
    description:
      'Fresh frozen within two hours of harvest, bagged in 5 lb lots. For live resin or rosin makers. Make an offer.',
  },
];

/** A short looping clip for the listings that show a video: ffmpeg's Game of Life in greens. */
async function renderDemoClip(ffmpegPath: string, dir: string): Promise<string | null> {
  const file = path.join(dir, 'demo-clip.mp4');
  try {
    await run(ffmpegPath, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'life=s=480x270:mold=10:r=12:ratio=0.12:death_color=#1f3d2b:life_color=#a4c639,format=yuv420p',
      '-t',
      '4',
      '-c:v',
      'libx264',
      '-y',
      file,
    ]);
    return file;
  } catch {
    return null;
  }
}

const coaLink = (reference: string) => `https://coa.example.com/reports/${reference}.pdf`;

/**
 * Creates the demo listings for the given verified sellers (index 0 first). Returns how many were
 * created. Pictures are rendered once each; posters come from ffmpeg when it is there.
 */
export async function seedDemoListings(ctx: AppContext, sellers: UserRow[]): Promise<number> {
  const { db } = ctx.database;
  const wanted = DEMO_LISTINGS.filter((listing) => sellers[listing.seller]);
  const pictureKeys = [
    ...new Set(wanted.flatMap((listing) => listing.pictures.map(([p, seed]) => `${p}:${seed}`))),
  ];
  const pictures = new Map<string, ImageVariants>();
  for (const key of pictureKeys) {
    const [palette, seed] = key.split(':') as [keyof typeof PALETTES, string];
    const jpeg = await sharp(Buffer.from(pictureSvg(palette, Number(seed))))
      .jpeg({ quality: 85 })
      .toBuffer();
    pictures.set(key, await processImage(jpeg));
  }

  // Staged like uploads, so a start killed while seeding leaves nothing outside DATA_DIR.
  await mkdir(stagingDir(ctx.config.dataDir), { recursive: true });
  const workDir = await mkdtemp(path.join(stagingDir(ctx.config.dataDir), 'demo-'));
  try {
    const clip = wanted.some((listing) => listing.video)
      ? await renderDemoClip(ctx.config.ffmpegPath, workDir)
      : null;
    const now = Date.now();
    for (const demo of wanted) {
      const seller = sellers[demo.seller] as UserRow;
      const form = listingFormSchema.parse({
        title: demo.title,
        description: demo.description,
        product_type: demo.type,
        strain: demo.strain,
        thc_content: demo.thc,
        cbd_content: demo.cbd,
        zip_code: seller.zipCode,
        quantity_lbs: demo.lbs,
        make_offer: demo.price === undefined,
        asking_price: demo.price,
        negotiable: demo.negotiable ?? false,
        tested: demo.coa !== undefined,
        test_link: demo.coa ? coaLink(demo.coa) : undefined,
      });
      const images: PreparedImage[] = demo.pictures.map(([palette, seed]) => ({
        kind: 'image',
        variants: pictures.get(`${palette}:${seed}`) as ImageVariants,
      }));
      const uploads = {
        images: [],
        videos:
          demo.video && clip
            ? [await saveToTemp(createReadStream(clip), 'demo-clip.mp4', ctx.config.dataDir)]
            : [],
        testUpload: demo.coa
          ? await saveToTemp(
              Readable.from(samplePdf(`Certificate of analysis ${demo.coa}`)),
              `${demo.coa}.pdf`,
              ctx.config.dataDir,
            )
          : null,
      };
      try {
        const rendered = await prepareUploads(ctx, uploads);
        const prepared: PreparedMedia = {
          items: [...images, ...rendered.items],
          testUpload: rendered.testUpload,
        };
        const productType = await resolveProductType(db, form.product_type);
        const created = await insertPreparedListing(ctx, seller.id, form, productType, prepared);
        const listedAt = new Date(now - demo.daysAgo * 86_400_000 - demo.seller * 3_600_000);
        await db
          .update(listings)
          .set({ createdAt: listedAt, updatedAt: listedAt, isActive: !demo.archived, viewsCount: demo.views })
          .where(eq(listings.id, created.listing.id));
      } finally {
        await discardUploads(uploads);
      }
    }
    return wanted.length;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
