import {
  CART,
  type CartLineDto,
  type CartSellerDto,
  formatLbs,
  formatUsd,
  OFFER_NOTE_MAX,
  type PaymentTerms,
  priceSourceText,
} from '@canopy/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '@/components/query-state.tsx';
import { Alert } from '@/components/ui/alert.tsx';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Input, Textarea } from '@/components/ui/input.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { PaymentTermsSelect } from '@/features/deals';
import { failureText } from '@/lib/api-client.ts';
import { useCart } from '../api/cart-count.ts';
import { useChangeCart } from '../api/use-cart.ts';
import { useSendCartOffer } from '../api/use-send-cart-offer.ts';

// The cart (issue 25 item 0): the buying company's lots grouped by seller, each line at the price
// that applies to its pounds; per seller one set of terms and one note, sent as one offer.

/** Pounds as typed: a positive number of at most two decimals, else null. */
const typedPounds = (text: string): number | null =>
  /^\d+(\.\d{1,2})?$|^\.\d{1,2}$/.test(text.trim()) && Number(text) > 0 ? Number(text) : null;

/** The line's price in words: "$900.00/lb · Volume tier from 10 lbs". */
const priceWords = (line: CartLineDto) =>
  line.pricePerLb === null || line.priceSource === null
    ? 'No price'
    : `${formatUsd(line.pricePerLb)}/lb · ${priceSourceText({ priceSource: line.priceSource, tierFromLbs: line.tierFromLbs })}`;

function CartLine({ line }: { line: CartLineDto }) {
  const change = useChangeCart();
  const id = useId();
  const [text, setText] = useState(String(line.quantityLbs));
  const [problem, setProblem] = useState<string | null>(null);
  const save = () => {
    const pounds = typedPounds(text);
    if (pounds === null) {
      setProblem('Enter the pounds, e.g. 5 or 2.5');
      return;
    }
    setProblem(null);
    if (pounds === line.quantityLbs) return;
    change.mutate(
      { listingId: line.listingId, quantityLbs: pounds },
      { onError: () => setText(String(line.quantityLbs)) },
    );
  };
  return (
    <li className="grid gap-3 border-b border-slate-200 py-4 last:border-b-0 sm:grid-cols-[1fr_auto] sm:items-end">
      <div className="min-w-0 space-y-1">
        <Link to={`/products/${line.listingId}`} className="font-semibold break-words">
          {line.listingTitle}
        </Link>
        <p className="text-sm text-slate-700">{priceWords(line)}</p>
        <p className="text-sm text-slate-600">{CART.available(formatLbs(line.availableLbs))}</p>
        {line.problem && (
          <Alert tone="warning" className="mt-2">
            {line.problem}
          </Alert>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            {CART.quantityLabel(line.listingTitle)}
          </label>
          <Input
            id={id}
            inputMode="decimal"
            className="w-28"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onBlur={save}
            onKeyDown={(event) => {
              if (event.key === 'Enter') save();
            }}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-error` : undefined}
          />
        </div>
        <p className="min-w-24 pb-2 text-right font-semibold text-slate-900">
          {line.total === null ? '' : formatUsd(line.total)}
        </p>
        <Button
          variant="ghost"
          size="sm"
          aria-label={CART.remove(line.listingTitle)}
          disabled={change.isPending}
          onClick={() => change.mutate({ listingId: line.listingId, quantityLbs: null })}
        >
          Remove
        </Button>
        <p id={`${id}-error`} role="alert" className="w-full text-sm text-red-700 empty:hidden">
          {problem}
        </p>
      </div>
    </li>
  );
}

/** One seller's lines, terms and "Send offer". */
function SellerCart({ group }: { group: CartSellerDto }) {
  const send = useSendCartOffer();
  const id = useId();
  const [paymentTerms, setPaymentTerms] = useState<PaymentTerms>('cod');
  const [deliverBy, setDeliverBy] = useState('');
  const [note, setNote] = useState('');
  const blocked = group.items.some((item) => item.problem !== null || item.pricePerLb === null);
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <Card className="p-4 sm:p-6">
        <h2 id={headingId} className="text-lg font-semibold break-words text-slate-900">
          {group.businessName}
        </h2>
        <ul className="mt-2">
          {group.items.map((line) => (
            <CartLine key={line.listingId} line={line} />
          ))}
        </ul>
        <form
          className="mt-4 grid gap-4 sm:grid-cols-2"
          onSubmit={(event) => {
            event.preventDefault();
            send.mutate({
              sellerName: group.businessName,
              input: {
                sellerId: group.sellerId,
                lines: group.items.map((item) => ({
                  listingId: item.listingId,
                  quantityLbs: item.quantityLbs,
                  pricePerLb: item.pricePerLb ?? 0,
                })),
                paymentTerms,
                deliverBy: deliverBy || null,
                note: note.trim() || null,
              },
            });
          }}
        >
          <PaymentTermsSelect id={`${id}-terms`} value={paymentTerms} onChange={setPaymentTerms} />
          <div className="space-y-1">
            <label htmlFor={`${id}-deliver`} className="block text-sm font-medium text-slate-800">
              Deliver by (optional)
            </label>
            <Input
              id={`${id}-deliver`}
              type="date"
              value={deliverBy}
              onChange={(event) => setDeliverBy(event.target.value)}
            />
          </div>
          <div className="space-y-1 sm:col-span-2">
            <label htmlFor={`${id}-note`} className="block text-sm font-medium text-slate-800">
              Note to {group.businessName} (optional)
            </label>
            <Textarea
              id={`${id}-note`}
              rows={3}
              maxLength={OFFER_NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3 sm:col-span-2">
            <p className="text-lg font-bold text-slate-900">
              {CART.sellerTotal}: {formatUsd(group.total)}
            </p>
            <Button type="submit" disabled={blocked || send.isPending}>
              {send.isPending ? 'Sending…' : CART.sendOffer}
            </Button>
          </div>
          {blocked && (
            <p className="text-sm text-slate-700 sm:col-span-2">
              Change or remove the lines marked above before sending this offer.
            </p>
          )}
        </form>
      </Card>
    </section>
  );
}

export function CartPage() {
  const cart = useCart();
  return (
    <PageContainer>
      <PageHeader
        title={CART.title}
        description="Lots you mean to buy, by seller. Each seller gets one offer with every line."
      />
      <QueryState
        query={cart}
        loading="Loading your cart"
        error={(error) => failureText(error, CART.fetchFailed)}
        retry
        isEmpty={(answer) => answer.itemCount === 0}
        empty={
          <EmptyState
            title="Nothing in your cart"
            description={CART.empty}
            action={<ButtonLink to="/products">Browse Products</ButtonLink>}
          />
        }
      >
        {(answer) => (
          <div className="space-y-6">
            {answer.sellers.map((group) => (
              <SellerCart key={group.sellerId} group={group} />
            ))}
          </div>
        )}
      </QueryState>
    </PageContainer>
  );
}
