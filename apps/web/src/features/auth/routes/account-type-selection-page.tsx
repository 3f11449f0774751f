import { Link, useSearchParams } from 'react-router';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

const CHOICES = [
  {
    type: 'buyer',
    title: "I'm a Buyer",
    description: 'Retailer, distributor or manufacturer looking to purchase product from licensed sellers.',
  },
  {
    type: 'seller',
    title: "I'm a Seller",
    description: 'Cultivator or manufacturer with products to sell to other licensed businesses.',
  },
] as const;

export function AccountTypeSelectionPage() {
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');

  const registerHref = (type: string) => {
    const params = new URLSearchParams({ type });
    if (redirect) params.set('redirect', redirect);
    return `/register?${params}`;
  };

  return (
    <PageContainer width="medium">
      <PageHeader
        title="Create your account"
        description="Canopy is for licensed California cannabis businesses. Which best describes yours?"
      />
      <ul className="grid gap-4 sm:grid-cols-2">
        {CHOICES.map((choice) => (
          <li key={choice.type}>
            <Link
              to={registerHref(choice.type)}
              className="block h-full rounded-lg border-2 border-slate-200 bg-white p-6 text-slate-900 no-underline shadow-sm transition-colors hover:border-brand-700 hover:no-underline"
            >
              <span className="block text-lg font-semibold text-brand-800">{choice.title}</span>
              <span className="mt-2 block text-sm text-slate-600">{choice.description}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center text-sm text-slate-600">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </PageContainer>
  );
}
