/**
 * The site's Content-Security-Policy (docs/decisions/hydrated-first-screen.md): scripts only from the
 * site itself and the pages' own inline scripts, named by their SHA-256 hash (no 'unsafe-inline'
 * for scripts); connections, frames and images only to the origins the client build talks to. The
 * build names those (client/scripts/site-policy-plugin.ts → dist/.vite/site-policy.json): its API,
 * the Auth emulator or Firebase's hosts, Stripe's when payments are on.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const ORIGIN = z.string().regex(/^https?:\/\/[^\s/;,']+$/);

const PolicySchema = z.object({
  connect: z.array(ORIGIN).default([]),
  script: z.array(ORIGIN).default([]),
  frame: z.array(ORIGIN).default([]),
  img: z.array(ORIGIN).default([]),
});

/** Origins the pages use besides the site itself, by what they use them for. */
export type SitePolicy = z.infer<typeof PolicySchema>;

const NONE: SitePolicy = { connect: [], script: [], frame: [], img: [] };

/** The build's origins; none (the site alone) when the file is absent or unreadable. */
export function loadSitePolicy(distDir: string): SitePolicy {
  try {
    const data: unknown = JSON.parse(readFileSync(path.join(distDir, '.vite', 'site-policy.json'), 'utf8'));
    const parsed = PolicySchema.safeParse(data);
    return parsed.success ? parsed.data : NONE;
  } catch {
    return NONE;
  }
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const EXECUTABLE_TYPE = /^\s*(|module|(text|application)\/(javascript|ecmascript))\s*$/i;

/** Whether a <script> with these attributes runs its inline text (JSON and JSON-LD do not). */
function runsInline(attributes: string): boolean {
  if (/\bsrc\s*=/i.test(attributes)) return false;
  const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
  return EXECUTABLE_TYPE.test(type);
}

const hashes = new Map<string, string>();

/** The CSP sources ('sha256-…') of the inline scripts `html` runs, in order, without repeats. */
export function inlineScriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT)) {
    if (!runsInline(attributes)) continue;
    let source = hashes.get(text);
    if (!source) {
      source = `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
      if (hashes.size < 1000) hashes.set(text, source); // a build has a handful
    }
    sources.add(source);
  }
  return [...sources];
}

export interface PolicyOptions {
  /** Further origins the pages may connect to (SITE_CONNECT_SRC). */
  connect?: string[];
  /** Further origins the pages show images from (SITE_IMG_SRC). */
  img?: string[];
}

/** The Content-Security-Policy header of a page whose inline scripts have `scriptSources`. */
export function contentSecurityPolicy(
  policy: SitePolicy,
  scriptSources: string[],
  options: PolicyOptions = {},
): string {
  const list = (...sources: string[]) => [...new Set(sources)].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list("'self'", ...scriptSources, ...policy.script)}`,
    // Components set inline styles (React's style attribute, react-select, sweetalert2, swiper).
    `style-src 'self' 'unsafe-inline'`,
    // Article images may be any web address a writer gave; uploads come from the API.
    `img-src ${list("'self'", 'data:', 'blob:', 'https:', ...policy.img, ...(options.img ?? []))}`,
    `font-src 'self' data:`,
    `connect-src ${list("'self'", ...policy.connect, ...(options.connect ?? []))}`,
    `frame-src ${policy.frame.length > 0 ? list(...policy.frame) : "'none'"}`,
    `worker-src 'self' blob:`,
    `manifest-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'self'`,
  ].join('; ');
}
