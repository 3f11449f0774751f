import type { ProductDto } from '@canopy/shared';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { isSoldOut } from '@/features/deals';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { permissionsOf } from '@/lib/auth/use-permissions.ts';
import { SAMPLE_FORM } from '../texts.ts';

// The form (with the schema library) loads only when a buyer reaches for the button, never with
// the product page (decisions 116 and 177), as "Make an Offer" beside it does.
const loadDialog = () => import('./request-sample-dialog.tsx');
const RequestSampleDialog = lazy(async () => ({ default: (await loadDialog()).RequestSampleDialog }));

/** "Request a sample" on a lot's page: for verified buyers who may buy, while the lot is for sale. */
export function RequestSampleButton({ product }: { product: ProductDto }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [sent, setSent] = useState(false);
  const allowed =
    user?.role === 'buyer' &&
    user.status === 'verified' &&
    permissionsOf(user).may('offers:buy') &&
    !isSoldOut(product);
  if (!allowed) return null;
  const preload = () => void loadDialog();
  return (
    <div className="space-y-3">
      <Button
        variant="ghost"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {SAMPLE_FORM.button}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <RequestSampleDialog
            open={open}
            onClose={() => setOpen(false)}
            onSent={() => setSent(true)}
            listingId={product._id}
            listingTitle={product.name}
            sellerName={product.seller.businessName}
          />
        </Suspense>
      )}
      {sent && (
        <Alert tone="success">
          {SAMPLE_FORM.sent} <Link to="/samples">{SAMPLE_FORM.viewSamples}</Link>
        </Alert>
      )}
    </div>
  );
}
