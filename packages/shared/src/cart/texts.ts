import { OFFER_LINES_MAX } from '../deals/limits.ts';
import { CART_ITEMS_MAX } from './limits.ts';

// Every text a person reads about the cart (issue 25 item 0): the API's refusals and the web's page.

export const CART = {
  itemsInvalid: 'items must be a list of lots, each with listingId and quantityLbs',
  itemsMax: `A cart can hold at most ${CART_ITEMS_MAX} lots`,
  itemsDistinct: 'Each lot can be in the cart only once',
  sellerLinesMax: `A cart can hold at most ${OFFER_LINES_MAX} lots of one seller, as many as one offer can have`,
  // What keeps a lot out of the cart (PUT), or says why a line cannot be offered as it is (GET).
  listingUnavailable: (title: string) => `"${title}" is no longer available`,
  unknownListing: 'One of these lots is not available on Canopy',
  ownListing: 'You cannot buy your own lot',
  makeOffer: (title: string) => `"${title}" has no asking price: make an offer on its page instead`,
  notEnough: (title: string, available: string) => `Only ${available} of "${title}" is available`,
  // The web's page.
  title: 'Cart',
  /** The nav link's name as a screen reader says it. */
  navLabel: (count: number) => (count === 0 ? 'Cart' : `Cart: ${count} ${count === 1 ? 'lot' : 'lots'}`),
  empty: 'Your cart is empty. Add lots from their pages to offer for several at once.',
  fetchFailed: 'Failed to load your cart',
  saveFailed: 'Failed to update your cart',
  addToCart: 'Add to cart',
  added: 'Added to your cart',
  quantityLabel: (title: string) => `Pounds of ${title}`,
  remove: (title: string) => `Remove ${title} from the cart`,
  removed: 'Removed from your cart',
  sendOffer: 'Send offer',
  sent: (seller: string) => `Offer sent to ${seller}`,
  sellerTotal: 'Total',
  available: (amount: string) => `${amount} available`,
} as const;
