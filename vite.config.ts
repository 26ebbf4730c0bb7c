import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // The server build bundles our own code; packages with native parts stay external.
  ssr: { external: ['sharp', '@node-rs/argon2', '@electric-sql/pglite', 'pg'] },
});
