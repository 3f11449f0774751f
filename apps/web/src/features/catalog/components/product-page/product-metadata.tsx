import { productMetaDescription } from '@canopy/shared';
import { useEffect } from 'react';
import { DocumentTitle } from '@/components/ui/page-header.tsx';
import { categoryLabel, type PublicProduct } from '@/lib/public-product.ts';

/**
 * index.html already carries the site's <meta name="description">; rendering a second one would
 * leave crawlers to pick. The page's own text replaces it while the page is shown.
 */
function usePageDescription(content: string) {
  useEffect(() => {
    const meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    const previous = meta.content;
    meta.content = content;
    return () => {
      meta.content = previous;
    };
  }, [content]);
}

/** "$1,200.00 / lb (negotiable)" → 1200; "Make an offer" → null. */
function askingPrice(priceRange: string): number | null {
  const match = /^\$([\d,]+(?:\.\d+)?)/.exec(priceRange);
  return match?.[1] ? Number(match[1].replaceAll(',', '')) : null;
}

const absolute = (url: string) => new URL(url, window.location.origin).href;

/** schema.org Product data for search engines (https://schema.org/Product). */
export function productJsonLd(product: PublicProduct) {
  const price = askingPrice(product.priceRange);
  const pageUrl = absolute(`/products/${product._id}`);
  const seller = { '@type': 'Organization', name: product.seller.businessName };
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    image: product.images.map(absolute),
    category: categoryLabel(product.category),
    url: pageUrl,
    brand: { '@type': 'Brand', name: product.seller.businessName },
    ...(price !== null && {
      offers: {
        '@type': 'Offer',
        url: pageUrl,
        price: price.toFixed(2),
        priceCurrency: 'USD',
        // Priced per pound (UN/CEFACT code LBR), as the listing is.
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: price.toFixed(2),
          priceCurrency: 'USD',
          referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'LBR' },
        },
        // The catalog shows active listings only.
        availability: 'https://schema.org/InStock',
        seller,
      },
    }),
  };
}

/**
 * The page's title, description and structured data. The JSON-LD block is data, not script, so
 * the server's Content-Security-Policy (script-src 'self') does not apply to it; "<" is escaped
 * so no text from a listing can close the element.
 */
export function ProductMetadata({ product }: { product: PublicProduct }) {
  // The server wrote the same text into the page it sent (decision 118).
  usePageDescription(productMetaDescription(product.name, product.description));
  const json = JSON.stringify(productJsonLd(product)).replaceAll('<', '\\u003c');
  return (
    <>
      <DocumentTitle title={product.name} />
      <script type="application/ld+json">{json}</script>
    </>
  );
}
