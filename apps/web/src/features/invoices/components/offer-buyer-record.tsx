import { useQuery } from '@tanstack/react-query';
import { offerBuyerRecordQueryOptions } from '../api/invoices-api.ts';
import { BuyerRecord } from './buyer-record.tsx';

/** On an offer, for its seller: the buyer's record of paying on Canopy, fetched with the offer. */
export function OfferBuyerRecord({ offerId }: { offerId: string }) {
  const record = useQuery(offerBuyerRecordQueryOptions(offerId));
  if (!record.isSuccess) return null;
  return <BuyerRecord record={record.data} />;
}
