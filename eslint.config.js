import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Client layering: shared (components/, lib/) -> features -> app (app/, first-screen/, main.tsx).
// Shared code imports no feature and no app code; a feature imports no other feature and no app code.
// What two features need goes to components/ or lib/ (every API call is declared in lib/api/).
const clientFeatures = readdirSync(new URL('./client/src/features/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const APP = '(?:app|first-screen|main)(?:/|\\.tsx?$|$)';
/** Forbids importing (statically or with import()) the src/ paths `target` matches, by '@/…' or '../…'. */
function clientImportBan(files, target, message) {
  const regex = `^(?:@/|(?:\\.\\./)+)${target}`;
  return {
    files,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ regex, message }] }],
      'no-restricted-syntax': [
        'error',
        { selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\/')}/]`, message },
      ],
    },
  };
}
const clientLayers = [
  clientImportBan(
    ['client/src/components/**/*.{ts,tsx}', 'client/src/lib/**/*.{ts,tsx}'],
    `(?:features/|${APP})`,
    'Shared code (components/, lib/) must not import features or app code.',
  ),
  ...clientFeatures.map((feature) =>
    clientImportBan(
      [`client/src/features/${feature}/**/*.{ts,tsx}`],
      `(?:(?:features/)?(?:${clientFeatures.filter((f) => f !== feature).join('|')})(?:/|$)|${APP})`,
      `A feature imports no other feature and no app code: move what '${feature}' shares to components/ or lib/.`,
    ),
  ),
];

/** An API route is served from its one declaration (common/src/api/, server/src/http/operation.ts). */
const ROUTE_OUTSIDE_DECLARATION = {
  selector:
    'CallExpression[callee.object.name=/^(router|app)$/][callee.property.name=/^(get|post|put|patch|delete|all)$/]',
  message:
    'Declare the operation in common/src/api/ (its route in routes.ts) and mount it with serve(router, op.name, ...).',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/coverage/**', 'client/e2e/.artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['server/**/*.ts', 'scripts/**/*.mjs', 'client/scripts/**/*.mjs', 'bench/**/*.mjs', '*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...clientLayers,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Server layering: HTTP -> guard -> service -> repository -> store. A component reaches another
  // component through its service, never its repository; only repositories query collections.
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/seed/**', 'server/src/test/**', 'server/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?:\\.\\./)*[^/]+/repository(?:\\.js)?$',
              allowTypeImports: true,
              message: "Call that component's service; only its own component imports a repository.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/**/repository.ts',
      'server/src/store/**',
      'server/src/seed/**',
      'server/src/test/**',
      'server/src/**/*.test.ts',
      // Store decorators (same port in, same port out): answer-cache invalidation and live events.
      'server/src/cache/watched-store.ts',
      'server/src/events/observed-store.ts',
      // The GridFS adapter reads its bucket's own files collection through the driver.
      'server/src/uploads/storage.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='collection']",
          message: "Only a component's repository queries collections; call its service instead.",
        },
        ROUTE_OUTSIDE_DECLARATION,
      ],
    },
  },
  // The site's pages (robots.txt, the sitemap, article pages) are not operations of the API.
  {
    files: ['server/src/site/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='collection']",
          message: "Only a component's repository queries collections; call its service instead.",
        },
      ],
    },
  },
  // No function longer than a screenful or two outside tests: split it into named pieces.
  {
    files: ['server/src/**/*.ts', 'client/src/**/*.{ts,tsx}', 'common/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'server/src/test/**'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
);
