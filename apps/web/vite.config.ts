import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.ts';

// In development the API runs on its own port; in production it serves this build itself.
const API_ORIGIN = 'http://127.0.0.1:3000';

/**
 * Libraries in chunks of their own, by how often they change and who needs them: React and the
 * router and query libraries load on every page and stay cached across releases of the app's own
 * code; the form and schema libraries are only fetched by the screens with forms (decision 116).
 */
const VENDOR_CHUNKS = [
  { name: 'react', test: /node_modules[\\/](?:react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
  { name: 'forms', test: /node_modules[\\/](?:react-hook-form|@hookform[\\/]resolvers|zod)[\\/]/ },
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
    rolldownOptions: { output: { codeSplitting: { groups: VENDOR_CHUNKS } } },
  },
});
