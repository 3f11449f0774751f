import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { apiSignIn, DEMO } from './auth.ts';

/** A real JPEG (the server checks image bytes, not names): a coloured field with a disc. */
export async function jpegImage(background: string, width = 1200, height = 900): Promise<Buffer> {
  const disc = `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="white"/></svg>`;
  return sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: Buffer.from(disc) }])
    .jpeg()
    .toBuffer();
}

/** Two images in the shape Playwright's setInputFiles takes. */
export async function twoImages() {
  return [
    { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await jpegImage('#2f7d4a') },
    { name: 'side.jpg', mimeType: 'image/jpeg', buffer: await jpegImage('#7d4a2f', 900, 1200) },
  ];
}

export interface NewListing {
  /** Unique per call, so a search finds this listing and nothing else. */
  title: string;
  description: string;
  productType: string;
  strain: string;
  zipCode: string;
  quantityLbs: string;
  askingPrice: string;
}

export function newListing(): NewListing {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  return {
    title: `Redwood Haze ${tag} indoor flower`,
    description: `Indoor flower from batch ${tag}, hand-trimmed and slow cured for three weeks.`,
    productType: 'Flower - Indoor',
    strain: 'Redwood Haze',
    zipCode: '95501',
    quantityLbs: '12.5',
    askingPrice: '1400',
  };
}

/** The seller's bearer token, from the same sign-in calls the login form makes. */
export const sellerToken = (baseUrl: string): Promise<string> => apiSignIn(baseUrl, DEMO.seller.email);

/** The form's fields for a listing: tested, with lab results linked. */
const formFields = (listing: NewListing) => ({
  title: listing.title,
  description: listing.description,
  product_type: listing.productType,
  strain: listing.strain,
  thc_content: '23.4',
  cbd_content: '0.2',
  zip_code: listing.zipCode,
  quantity_lbs: listing.quantityLbs,
  asking_price: listing.askingPrice,
  make_offer: 'false',
  negotiable: 'true',
  tested: 'true',
  test_link: 'https://labs.example.com/coa/redwood',
});

/**
 * Creates a tested listing with two images through the API (the multipart call the form makes),
 * for tests whose subject is what happens to a listing after it exists. Returns its id.
 */
export async function createListingThroughApi(
  baseUrl: string,
  listing: NewListing,
  /** Form fields to send instead of the defaults below (e.g. `tested: 'false'`). */
  overrides: Record<string, string> = {},
): Promise<string> {
  const form = new FormData();
  const fields = formFields(listing);
  for (const [name, value] of Object.entries({ ...fields, ...overrides })) form.append(name, value);
  for (const image of await twoImages()) {
    form.append('images', new Blob([new Uint8Array(image.buffer)], { type: image.mimeType }), image.name);
  }
  const response = await fetch(`${baseUrl}/api/listings`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await sellerToken(baseUrl)}` },
    body: form,
  });
  const body = (await response.json()) as { data?: { _id?: string } };
  if (response.status !== 201 || !body.data?._id) {
    throw new Error(`Creating a listing answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return body.data._id;
}

/**
 * Saves the seller's form for a listing made by createListingThroughApi, with the given fields
 * changed (the PUT the edit form makes; its pictures stay).
 */
export async function updateListingThroughApi(
  baseUrl: string,
  listingId: string,
  listing: NewListing,
  changes: Record<string, string>,
): Promise<void> {
  const form = new FormData();
  const fields = formFields(listing);
  for (const [name, value] of Object.entries({ ...fields, ...changes })) form.append(name, value);
  const response = await fetch(`${baseUrl}/api/listings/${listingId}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${await sellerToken(baseUrl)}` },
    body: form,
  });
  if (response.status !== 200) {
    throw new Error(`Updating a listing answered ${response.status}: ${await response.text()}`);
  }
}

/**
 * Slows this page's uploads to a crawl through the DevTools protocol, so a progress bar that
 * would otherwise flash by for a few milliseconds can be seen. Returns the undo.
 */
export async function throttleUploads(page: Page): Promise<() => Promise<void>> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 16 * 1024,
  });
  return async () => {
    await session.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await session.detach();
  };
}
