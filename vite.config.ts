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
        // React and React Router in one chunk every page shares; the rest is split by what imports
        // it, so a page loads only the modules it uses (issue 31: one chunk of everything two routes
        // shared made every page load the admin's). Code behind a click or below the fold is a
        // dynamic import(): the forms' checks, which bring zod and the contract's schemas
        // (src/web/lib/*-validation.ts), dialogs, the carousels' Embla
        // (tests/api/web-bundle.test.ts).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/,
              priority: 3,
            },
          ],
        },
      },
    },
  },
});
