import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const target = process.env.VITE_DEV_SERVER ?? 'http://localhost:8080';

// Pages are split by route through the lazy import.meta.glob of src/pages/*/index.ts. Vendor chunks (below): React
// with the router and the query client, which every page needs, in long-lived chunks of their own; the heavy libraries
// only some screens use (ECharts, the MQTT client, the softphone's JsSIP) each in its own chunk, loaded by the first
// screen that draws a chart, connects or dials. antd-mobile has no group: a group takes its modules' dependencies
// with it, and antd-mobile shares some with antd, which put the whole of antd-mobile into the desktop entry. antd is left
// to the automatic splitting, which gives each component the chunk of the pages that use it (the sign-in page loads
// its form and input, not the table or the date picker). `npm run bench -- web` prints what /login loads.
const vendor = (name: string, pkgs: string, priority: number) => ({
  name,
  test: new RegExp(`[\\\\/]node_modules[\\\\/](${pkgs})[\\\\/]`),
  priority,
});
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            vendor('react', 'react|react-dom|scheduler|react-router', 30),
            vendor('query', '@tanstack', 25),
            vendor('charts', 'echarts|zrender', 20),
            vendor('mqtt', 'mqtt|mqtt-packet', 20),
            vendor('softphone', 'jssip|sdp-transform', 20),
          ],
        },
      },
    },
  },
});
