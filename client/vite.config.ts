import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { firstScreenPlugin } from './scripts/first-screen-plugin.ts';
import { FIRST_SCREENS } from './src/app/first-screen.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), firstScreenPlugin(FIRST_SCREENS)],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, strictPort: true },
  preview: { port: 5173, strictPort: true },
  build: {
    // E2E builds go to a separate folder so a developer's `dist` is never overwritten by test settings.
    outDir: process.env.CLIENT_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    // Browsers without <link rel="modulepreload"> (Safari < 17) still run the app, just without the
    // preloads; the polyfill would otherwise cost every visitor bytes on the first paint.
    modulePreload: { polyfill: false },
  },
});
