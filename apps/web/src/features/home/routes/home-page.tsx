import { DocumentTitle } from '@/components/ui/page-header.tsx';
import { FeaturedProducts } from '../components/featured-products.tsx';
import { Hero } from '../components/hero.tsx';
import { ValuePoints } from '../components/value-points.tsx';

export function HomePage() {
  return (
    <>
      <DocumentTitle title="B2B marketplace for licensed California cannabis operators" />
      <Hero />
      <ValuePoints />
      <FeaturedProducts />
    </>
  );
}
