// The buyer groups feature's public face (issue 25 item 1): a buyer's own prices for the cards.
export { useYourPrices } from './api/buyer-groups-api.ts';
export { GroupLots } from './components/group-lots.tsx';
