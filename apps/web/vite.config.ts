import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.ts';

// In development the API runs on its own port; in production it serves this build itself.
const API_ORIGIN = 'http://127.0.0.1:3000';

/** A module of the web app or of the shared package (not a library). */
const APP_CODE = /(?:apps[\\/]web|packages[\\/]shared)[\\/]src[\\/]/;

/**
 * How the build splits the code into files (decisions 116 and 180).
 *
 * Libraries get chunks of their own, by how often they change and who needs them: React and the
 * router and query libraries load on every page and stay cached across releases of the app's own
 * code; the form and schema libraries are only fetched by the screens with forms.
 *
 * The app's own code goes into as few files as a page needs. Left to itself the bundler makes a
 * small chunk for every set of screens that share a module, and /products needed 23 files: on a
 * phone's connection each costs a round trip on one of six connections, which cost the catalog
 * pages about 300 ms before their first paint. So:
 * - `app`: everything the entry imports (the frame of every page, and the home page);
 * - `ui`: the shared primitives, helpers and catalog data (queries, the watch button) that
 *   screens load later; not `lib/forms/`, the helpers that run the form library, since the
 *   catalog needs `ui` and would then fetch `forms` too (decisions 172, 177 and 197);
 * - `catalog`: the catalog list's components (/products, a storefront);
 * - `product-page`: a product page's components.
 * Screens stay chunks of their own, so the manifest still names each one for the server's
 * preloads (decision 170). Each catalog page then loads 9 or 10 files, within 150 KB gzip.
 */
const CHUNK_GROUPS = [
  { name: 'react', test: /node_modules[\\/](?:react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
  { name: 'forms', test: /node_modules[\\/](?:react-hook-form|@hookform[\\/]resolvers|zod)[\\/]/ },
  { name: 'app', tags: ['$initial' as const], test: APP_CODE },
  {
    name: 'ui',
    test: /apps[\\/]web[\\/]src[\\/](?:components[\\/](?:ui[\\/]|query-state)|lib[\\/](?!forms[\\/])|features[\\/](?:catalog[\\/]api[\\/](?!facet-draft)|watchlist[\\/](?!routes[\\/])))/,
  },
  {
    name: 'catalog',
    test: /apps[\\/]web[\\/]src[\\/]features[\\/]catalog[\\/]components[\\/](?!product-page[\\/])/,
  },
  {
    name: 'product-page',
    test: /apps[\\/]web[\\/]src[\\/]features[\\/]catalog[\\/]components[\\/]product-page[\\/]/,
  },
];

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  // `@/` is the web app's src folder, so an import says where it comes from without climbing.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/uploads': API_ORIGIN,
      '/dev': API_ORIGIN,
    },
  },
  build: {
    outDir: 'dist',
    // The server reads which chunks each screen needs from it, to preload them (decision 170).
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
});
