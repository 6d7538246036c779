/**
 * Zod compiles object parsers with `new Function` unless told not to, and the site's CSP forbids
 * eval (docs/decisions/hydrated-first-screen.md): its interpreter is used instead. Imported first by
 * main.tsx, before any schema is built (every schema is in a chunk loaded later).
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;
