import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const target = process.env.VITE_DEV_SERVER ?? 'http://localhost:8080';

// Pages are split by route through the lazy import.meta.glob of src/pages/*/index.ts; the vendor libraries that
// the sign-in page needs stay in the entry chunk, the heavy ones (echarts, mqtt) are only pulled by pages that use them.
export default defineConfig({
  plugins: [react()],
  // The contract's zod schemas are the server's to run; the browser gets an inert stand-in (src/zodStub.ts).
  resolve: { alias: { zod: fileURLToPath(new URL('./src/zodStub.ts', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/api': { target, changeOrigin: true },
      '/mqtt': { target: target.replace(/^http/, 'ws'), ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
});
