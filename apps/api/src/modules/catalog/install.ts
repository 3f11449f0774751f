import type { FastifyInstance } from 'fastify';
import { type PageCache, startPageCache } from './page-cache.ts';
import { type CatalogAnswers, catalogAnswers, readProducts } from './pages.ts';
import { CatalogSearch } from './search-index/catalog-search.ts';
import { ShownProducts } from './shown-products.ts';
import { startViewCounter, type ViewCounter } from './view-counter.ts';

// The catalog's parts that live as long as the app instance, held by the app as capabilities (as
// messaging's `eventHub` and the AI `textEnhancer` are): the answers and the cache behind them,
// and the batched view counter.

declare module 'fastify' {
  interface FastifyInstance {
    /** Public catalog answers, cached per instance (decisions 111, 181, 183). */
    catalog: CatalogAnswers;
    catalogCache: PageCache;
    /** The catalog's in-process search index (decision 252). */
    catalogSearch: CatalogSearch;
    /** Product views, counted in memory and written in batches (decision 160). */
    viewCounter: ViewCounter;
  }
}

export function installCatalog(app: FastifyInstance): void {
  const cache = startPageCache(app);
  const shown = new ShownProducts((ids) => readProducts(app.ctx, ids));
  // Every change the index reads reaches the shown products before the search goes on (decision 264).
  const search = new CatalogSearch(app.ctx.database, app.ctx.log, {
    onChanges: (changes) => shown.forget(changes),
  });
  // Read before the app answers: an instance takes no catalog request before its index is whole.
  app.addHook('onReady', () => search.start());
  app.addHook('onClose', () => search.stop());
  app.decorate('catalogCache', cache);
  app.decorate('catalogSearch', search);
  app.decorate('catalog', catalogAnswers(app.ctx, cache, search, shown));
  app.decorate('viewCounter', startViewCounter(app));
}
