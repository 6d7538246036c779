import { fileURLToPath } from 'node:url';
import { build, type LogLevel, type Plugin } from 'vite';

/** The server entry of the first screen (src/first-screen/server.tsx). */
export const FIRST_SCREEN_SSR_ENTRY = 'src/first-screen/server.tsx';

/**
 * After the client build, builds the first screen's server renderer into <outDir>/.vite/ssr/server.js
 * (docs/decisions/server-rendered-first-screen.md), so every `vite build` (npm run build, the browser
 * tests, npm run lighthouse) yields a client and its renderer from the same sources.
 */
export function firstScreenSsrPlugin(): Plugin {
  let mode = 'production';
  let logLevel: LogLevel | undefined;
  return {
    name: 'newsroom-first-screen-ssr',
    apply: 'build',
    configResolved(config) {
      mode = config.mode;
      logLevel = config.logLevel;
    },
    async closeBundle() {
      await build({
        configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
        mode,
        logLevel,
        build: { ssr: FIRST_SCREEN_SSR_ENTRY },
      });
    },
  };
}
