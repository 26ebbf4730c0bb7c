import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // The server build bundles our own code; packages with native parts stay external.
  ssr: { external: ['sharp', '@node-rs/argon2', '@electric-sql/pglite', 'pg'] },
  build: {
    rolldownOptions: {
      output: {
        // A phone on a slow network pays a round trip per file: a few larger chunks load faster
        // than dozens of tiny ones (one per icon, one per helper). Route modules stay separate.
        // `vendor` and `shared` take only what pages load up front (`$initial`): code loaded on
        // demand — the forms' checks, which bring zod and the contract's schemas
        // (src/web/lib/*-validation.ts) — is chunked on its own, so no page pays for it before a
        // form is used (tests/api/web-bundle.test.ts).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/,
              priority: 3,
            },
            { name: 'vendor', test: /node_modules/, minShareCount: 2, priority: 2, tags: ['$initial'] },
            { name: 'shared', minShareCount: 2, priority: 1, tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
