import { ButtonLink } from '@/components/ui/button.tsx';

export function Hero() {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
        <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
          Wholesale cannabis trade · California
        </p>
        <h1 className="mt-3 max-w-3xl text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">
          The B2B marketplace for licensed California cannabis operators
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-700">
          Cultivators and manufacturers list product lots by weight. Retailers, distributors and manufacturers
          find them, and talk to the seller directly.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to="/register?type=buyer" size="lg">
            Sign up as a Buyer
          </ButtonLink>
          <ButtonLink to="/register?type=seller" size="lg" variant="secondary">
            Sign up as a Seller
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
