import path from 'node:path';
import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import type { FirstScreen } from '../src/app/first-screen.ts';

/** One page of dist/.vite/first-screen.json, read by the site server (server/src/site/first-screen.ts). */
export interface FirstScreenHints {
  path: string;
  /** The route's chunk and its static imports, minus what index.html already loads. */
  js: string[];
  /** Stylesheets those chunks bring. */
  css: string[];
  leadImage?: FirstScreen['leadImage'];
}

/**
 * Writes dist/.vite/first-screen.json: for each page of app/first-screen.ts, the files its route
 * loads (docs/decisions/first-screen-hints.md). A route module that is missing from the build fails it,
 * so a renamed screen cannot silently lose its hints.
 */
export function firstScreenPlugin(screens: FirstScreen[]): Plugin {
  let root = '';
  return {
    name: 'newsroom-first-screen',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const byModule = new Map(
        chunks
          .filter((c) => c.facadeModuleId)
          .map((c) => [path.relative(root, c.facadeModuleId!).split(path.sep).join('/'), c]),
      );
      const staticGraph = (start: string): string[] => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
        };
        visit(start);
        return [...seen];
      };
      const entry = chunks.find((c) => c.isEntry);
      const loadedByIndex = new Set(entry ? staticGraph(entry.fileName) : []);

      const hints: FirstScreenHints[] = screens.map((screen) => {
        const chunk = byModule.get(screen.module);
        if (!chunk) this.error(`first-screen: ${screen.path} names ${screen.module}, which is not a chunk`);
        const js = staticGraph(chunk.fileName).filter((file) => !loadedByIndex.has(file));
        const css = [
          ...new Set(js.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])])),
        ];
        return { path: screen.path, js, css, ...(screen.leadImage ? { leadImage: screen.leadImage } : {}) };
      });
      this.emitFile({
        type: 'asset',
        fileName: '.vite/first-screen.json',
        source: `${JSON.stringify(hints, null, 2)}\n`,
      });
    },
  };
}
