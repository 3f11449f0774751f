import { formatLbs, formatUsd } from '@canopy/shared';

// The wanted screens' own words; the API's texts and toasts are WANTED in @canopy/shared.

export const WANTED_PAGE = {
  boardTitle: 'Wanted',
  boardDescription:
    'What verified buyers are looking for right now. Answer with one of your lots: the buyer receives your offer in a conversation with you.',
  mineTitle: 'My wanted posts',
  mineDescription:
    'Tell sellers what you are short of. Their answers arrive as offers in your messages, and are listed under each post.',
  postButton: 'Post a wanted request',
  loading: 'Loading wanted posts',
  caption: 'Open wanted posts',
  lookingFor: 'Looking for',
  quantity: 'Quantity',
  price: 'Price per lb',
  neededBy: 'Needed by',
  county: 'County',
  buyer: 'Buyer',
  anyPrice: 'Any price',
  noDate: 'No date',
  anywhere: 'Anywhere',
  answer: 'Answer with a lot',
  answerLabel: (query: string) => `Answer with a lot for "${query}"`,
  answered: 'You answered',
  boardEmptyTitle: 'No wanted posts match',
  boardEmptyHint: 'When buyers post what they are looking for, it appears here. Try fewer filters.',
  mineEmptyTitle: 'No wanted posts yet',
  mineEmptyHint: 'Post what you are looking for and let sellers come to you with offers.',
  answersTitle: (count: number) => (count === 1 ? '1 answer' : `${count} answers`),
  noAnswers: 'No answers yet.',
  answerLine: (seller: string, lot: string, quantityLbs: number, pricePerLb: number) =>
    `${seller} offers "${lot}": ${formatLbs(quantityLbs)} at ${formatUsd(pricePerLb)}/lb`,
  openConversation: 'Open conversation',
  close: 'Close post',
  closeLabel: (query: string) => `Close post "${query}"`,
  expires: (date: string) => `Open until ${date}`,
  statusClosed: 'Closed',
  statusExpired: 'Expired',
  statusOpen: 'Open',
  offerStatus: (status: string) => `Offer ${status.replace('_', ' ')}`,
} as const;

export const WANTED_FILTERS = {
  legend: 'Filter wanted posts',
  words: 'Words',
  wordsHint: 'Strain or words in the request',
  category: 'Category',
  anyCategory: 'Any category',
  county: 'County',
  anyCounty: 'Any county',
  minQuantity: 'At least (lbs)',
  apply: 'Apply filters',
  clear: 'Clear',
} as const;

export const WANTED_FORM = {
  title: 'Post a wanted request',
  description:
    'Sellers with matching lots see your request on their Wanted board and may be told about it by e-mail. Each answer comes to you as an offer you can accept, counter or decline.',
  whatSection: 'What you are looking for',
  termsSection: 'Quantity, price and timing',
  query: 'Strain or words',
  queryHint: 'For example "Blue Dream smalls" or "CBD tincture 1:1"',
  category: 'Category',
  anyCategory: 'Any category',
  quantity: 'Quantity (lbs)',
  minPrice: 'Lowest price per lb',
  maxPrice: 'Highest price per lb',
  priceHint: 'Optional. Leave blank for any price.',
  neededBy: 'Needed by',
  neededByHint: 'Optional. The post comes down at the end of this day (Pacific time).',
  county: 'Delivery county',
  anyCounty: 'Any county',
  submit: 'Post request',
  cancel: 'Cancel',
} as const;

export const ANSWER_FORM = {
  title: 'Answer with a lot',
  about: (query: string, quantity: string) => `The buyer is looking for "${query}", ${quantity}.`,
  lot: 'Your lot',
  chooseLot: 'Choose one of your lots',
  lotOption: (title: string, quantity: string) => `${title} (${quantity} available)`,
  noLots: 'You have no lots live in the catalog to answer with.',
  loadingLots: 'Loading your lots…',
  price: 'Price per lb',
  quantity: 'Quantity (lbs)',
  note: 'Note to the buyer',
  noteHint: 'Optional',
  submit: 'Send offer',
  cancel: 'Cancel',
} as const;
