import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';
import { firstScreenPlugin } from './scripts/first-screen-plugin.ts';
import { firstScreenSsrPlugin } from './scripts/first-screen-ssr-plugin.ts';
import { reactErrorMarkersPlugin } from './scripts/react-error-markers-plugin.ts';
import { sitePolicyPlugin } from './scripts/site-policy-plugin.ts';
import { FIRST_SCREENS } from './src/app/first-screen.ts';

// E2E builds go to a separate folder so a developer's `dist` is never overwritten by test settings.
const outDir = process.env.CLIENT_OUT_DIR ?? 'dist';

/**
 * Route chunks that are never a signed-out visitor's first paint: the dashboards, a writer's own
 * screens and the purchase screens. Their preload lists stay out of the entry (see modulePreload).
 */
const SIGNED_IN_SCREEN =
  /^(AddArticle|MyArticles|Subscription|Payment|AdminDashboard|AdminStatistics|AllUsers|AllArticlesAdmin|AddPublisher|MyProfile|UserDashboard|UserStatistics|Billing|GiftLinks|Email|Comments)-[\w-]+\.js$/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [react()]
    : [
        react(),
        tailwindcss(),
        reactErrorMarkersPlugin(),
        firstScreenPlugin(FIRST_SCREENS),
        firstScreenSsrPlugin(),
        sitePolicyPlugin(),
      ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // @newsroom/common is bundled from its TypeScript source (a condition its package exports name).
    conditions: ['@newsroom/source', ...defaultClientConditions],
  },
  server: { port: 5173, strictPort: true },
  preview: { port: 5173, strictPort: true },
  build: isSsrBuild
    ? {
        // The site server's first-screen renderer (scripts/first-screen-ssr-plugin.ts): self-contained,
        // so it runs wherever the build is copied, beside the client it renders for.
        outDir: path.join(outDir, '.vite', 'ssr'),
        emptyOutDir: true,
        copyPublicDir: false,
      }
    : {
        outDir,
        emptyOutDir: true,
        chunkSizeWarningLimit: 900,
        // dist/.vite/manifest.json: the site server reads the entry and its imports from it (first-screen-render.ts).
        manifest: true,
        // Browsers without <link rel="modulepreload"> (Safari < 17) still run the app, just without the
        // preloads; the polyfill would otherwise cost every visitor bytes on the first paint.
        modulePreload: {
          polyfill: false,
          // Signed-in screens fetch what they import when first opened (one round trip more, once)
          // instead of every first paint carrying their preload lists: the entry stays within its
          // 120 kB budget (scripts/check-bundle.mjs).
          resolveDependencies: (file, deps, { hostType }) =>
            hostType === 'js' && SIGNED_IN_SCREEN.test(path.basename(file)) ? [] : deps,
        },
      },
  ssr: { noExternal: true, target: 'node' },
  // The renderer runs in the site server, whatever its NODE_ENV: React's production build.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
}));
