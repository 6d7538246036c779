import path from 'node:path';
import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import type { FirstScreen } from '../src/app/first-screen.ts';

/** One page of dist/.vite/first-screen.json, read by the site server (server/src/site/first-screen.ts). */
export interface FirstScreenHints {
  path: string;
  /**
   * The route's chunk and its static imports, and those of what its submit loads, minus what
   * index.html already loads.
   */
  js: string[];
  /** Stylesheets those chunks bring. */
  css: string[];
  leadImage?: FirstScreen['leadImage'];
  /** Code only: the site draws no first screen for this page (a signed-in screen). */
  codeOnly?: true;
  /** Its server-rendered page has a form that a browser without scripts posts to the page. */
  form?: true;
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
      const relative = (id: string) => path.relative(root, id).split(path.sep).join('/');
      const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const byModule = new Map(
        chunks.filter((c) => c.facadeModuleId).map((c) => [relative(c.facadeModuleId!), c]),
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

      // The chunk holding a module of ours (by its path) or a package (by its name).
      const chunkOf = (module: string) =>
        byModule.get(module) ??
        chunks.find((c) =>
          c.moduleIds.some(
            (id) => relative(id) === module || relative(id).includes(`node_modules/${module}/`),
          ),
        );
      const fileOf = (screen: FirstScreen, module: string) => {
        const chunk = chunkOf(module);
        if (!chunk) this.error(`first-screen: ${screen.path} names ${module}, which is not a chunk`);
        return chunk.fileName;
      };

      const hints: FirstScreenHints[] = screens.map((screen) => {
        const starts = [screen.module, ...(screen.submitLoads ?? [])].map((module) => fileOf(screen, module));
        const js = [...new Set(starts.flatMap(staticGraph))].filter((file) => !loadedByIndex.has(file));
        const css = [
          ...new Set(js.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])])),
        ];
        return {
          path: screen.path,
          js,
          css,
          ...(screen.leadImage ? { leadImage: screen.leadImage } : {}),
          ...(screen.codeOnly ? { codeOnly: true as const } : {}),
          ...(screen.form ? { form: true as const } : {}),
        };
      });
      this.emitFile({
        type: 'asset',
        fileName: '.vite/first-screen.json',
        source: `${JSON.stringify(hints, null, 2)}\n`,
      });
    },
  };
}
