import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API = process.env.API_URL ?? 'http://127.0.0.1:3000';

// The web app: built into web/dist (served by the API process at /), or served by Vite with hot
// reload in development (`npm run dev`), which proxies /trpc to the API beside it.
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // No inline modulepreload polyfill: the CSP allows no inline script (modern browsers need none).
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    strictPort: true,
    proxy: { '/trpc': { target: API, changeOrigin: false } },
  },
});
