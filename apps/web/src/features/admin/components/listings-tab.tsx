import { EmptyState } from '../../../components/ui/empty-state.tsx';

export function ListingsTab() {
  return (
    <section aria-labelledby="admin-listings" className="space-y-4">
      <h2 id="admin-listings" className="text-lg font-semibold text-slate-900">
        Listings
      </h2>
      <EmptyState
        title="No listings to review"
        description="Listing moderation is not available on this tab yet."
      />
    </section>
  );
}
