/**
 * The mail the stacks sent, read from the run's mail catcher (maildev's REST API, global-setup.ts):
 * what a person would find in their inbox.
 */
import { inject } from 'vitest';

export interface CaughtMail {
  id: string;
  subject: string;
  to: Array<{ address: string }>;
  from: Array<{ address: string; name?: string }>;
  html: string;
  text: string;
  headers: Record<string, string>;
}

const api = () => inject('mailApiBase');

/** Every mail to `address`, newest first. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const res = await fetch(`${api()}/email?limit=500&sort=desc`);
  if (!res.ok) throw new Error(`mail catcher: ${res.status}`);
  const all = (await res.json()) as CaughtMail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
}

/** Waits (up to `timeoutMs`) for a mail to `address` whose subject matches, and answers it. */
export async function waitForMail(address: string, subject: RegExp, timeoutMs = 30_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailsTo(address)).find((m) => subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = (await mailsTo(address)).map((m) => m.subject);
      throw new Error(
        `no mail to ${address} matching ${subject} within ${timeoutMs} ms (saw: ${seen.join(' | ')})`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The links of a mail's HTML body whose text or address matches. */
export function linksIn(mail: CaughtMail, match: RegExp): string[] {
  const links = [...mail.html.matchAll(/<a\b[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/gi)].map(
    ([, href, text]) => ({
      href: href!.replace(/&amp;/g, '&'),
      text: text!.replace(/<[^>]+>/g, '').trim(),
    }),
  );
  return links.filter((l) => match.test(l.text) || match.test(l.href)).map((l) => l.href);
}
