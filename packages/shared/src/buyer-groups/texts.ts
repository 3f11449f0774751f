import { formatLbs, formatUsd } from '../deals/texts.ts';
import { SAMPLE_CAP_MAX, SAMPLE_REQUESTS_PER_MONTH } from '../samples/limits.ts';

// Every text a person reads about buyer groups and their prices (issue 25 item 1).

/** A card's "Your price" line, on its own so the catalog's first download need not carry the rest. */
export const yourPriceLine = (pricePerLb: number) => `Your price: ${formatUsd(pricePerLb)}/lb`;

export const BUYER_GROUPS_MAX_BUYERS = 200;
export const BUYER_GROUPS_MAX_PRICES = 500;
export const BUYER_GROUP_NAME_MAX = 60;

export const BUYER_GROUPS = {
  notFound: 'Buyer group not found',
  nameRequired: 'Enter a name for the group',
  nameTooLong: `Use at most ${BUYER_GROUP_NAME_MAX} characters for the name`,
  nameTaken: 'You already have a buyer group with this name',
  buyersInvalid: 'buyerCompanyIds must be a list of buyer company ids',
  tooManyBuyers: `A group can have at most ${BUYER_GROUPS_MAX_BUYERS} buyer companies`,
  buyerUnknown: 'Every member must be a verified buyer company on Canopy',
  buyerInOtherGroup: (businessName: string, groupName: string) =>
    `${businessName} is already in your group "${groupName}". A buyer can be in one of your groups at a time.`,
  minimumInvalid: 'Minimum order must be a number of pounds greater than 0, with at most 2 decimals',
  sampleCapInvalid: `Sample requests per month must be a whole number from 0 to ${SAMPLE_CAP_MAX}`,
  sampleCapLabel: 'Sample requests per month',
  sampleCapHint: `Optional. Each member may ask you for this many samples a month; blank is Canopy's default of ${SAMPLE_REQUESTS_PER_MONTH}.`,
  sampleCapLine: (cap: number) =>
    cap === 0 ? 'No samples' : `${cap} ${cap === 1 ? 'sample' : 'samples'} a month`,
  pricesInvalid: 'prices must be a list of {listingId, pricePerLb} or {listingId, percentOff}',
  tooManyPrices: `A group can have at most ${BUYER_GROUPS_MAX_PRICES} lots on its price list`,
  priceOrPercent: 'Give each lot either a price per pound or a percentage off, not both',
  priceNeeded: 'Give each lot on the list a price per pound or a percentage off',
  pricePositive: 'A group price must be greater than 0, with at most 2 decimals',
  percentRange: 'A percentage off must be above 0 and below 100, with at most 2 decimals',
  listingTwice: 'A lot can appear once in the price list',
  notOwnListing: 'Every lot must be one of your own lots',
  percentNeedsAsking: 'A percentage off needs an asking price: a make-an-offer lot takes a price per pound',
  listingIdsInvalid: 'listingIds must be a comma-separated list of lot ids',
  created: 'Buyer group created',
  updated: 'Buyer group saved',
  removed: 'Buyer group deleted',
  pricesSaved: 'Prices saved',
  /** An offer from a group member below the group's minimum. */
  belowMinimum: (minimumLbs: number) =>
    `Your buyer group's minimum order with this seller is ${formatLbs(minimumLbs)}. Offer at least that much.`,
  // Buyers' side
  yourPrice: 'Your price',
  yourPriceLine,
  sourceGroup: 'your group price',
  sourceTier: 'volume tier',
  privateLot: 'Only for your buyer group',
  // The seller's page
  pageTitle: 'Buyer groups',
  intro:
    'Group your regular buyers to give them their own prices, a minimum order and payment terms, and lots only they can see.',
  newGroup: 'New group',
  empty: 'No buyer groups yet',
  name: 'Group name',
  minimum: 'Minimum order (lbs, optional)',
  terms: 'Default payment terms',
  termsNone: 'No default',
  buyers: 'Buyer companies',
  buyerSearch: 'Search buyer companies by name',
  noBuyersFound: 'No verified buyer company with that name',
  addBuyer: (name: string) => `Add ${name}`,
  removeBuyer: (name: string) => `Remove ${name}`,
  save: 'Save group',
  saving: 'Saving…',
  edit: 'Edit',
  remove: 'Delete',
  removeTitle: 'Delete this buyer group?',
  removeBody: (name: string) =>
    `"${name}" and its prices are deleted. Lots private to it become public again unless another group holds them private.`,
  pricesTitle: (name: string) => `Prices for ${name}`,
  pricesHint: 'Leave a lot blank to sell it to this group at its normal price.',
  priceLabel: (title: string) => `Price per lb for ${title}`,
  percentLabel: (title: string) => `% off for ${title}`,
  privateLabel: (title: string) => `Only this group sees ${title}`,
  savePrices: 'Save prices',
  noLots: 'You have no lots yet',
  members: (count: number) => `${count} ${count === 1 ? 'buyer' : 'buyers'}`,
  priced: (count: number) => `${count} ${count === 1 ? 'lot' : 'lots'} priced`,
} as const;
