/**
 * An SMTP server in the test process (`smtp-server`): mails the app sends arrive here, are parsed just
 * enough to read (headers, the text and HTML parts decoded) and can be waited for. `refuse` makes it
 * answer every mail with a temporary failure (SMTP down for the sender).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtp {
  url: string;
  mails: ReceivedMail[];
  /** Answer every mail with 421 (the sender must retry later). */
  refuse: boolean;
  /** When it says so for a mail, the mail is kept but never acknowledged (a sender killed mid-send). */
  hang?: (mail: ReceivedMail) => boolean;
  /** Resolves once `count` mails have arrived (fails after `ms`). */
  waitFor(count: number, ms?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return headers;
}

function decodePart(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** An RFC 2047 encoded word (=?UTF-8?Q?...?= or ?B?) as text. */
const decodeWords = (s: string) =>
  s.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );

export function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  let text = '';
  let html = '';
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw.slice(split)];
  for (const part of parts) {
    const at = part.search(/\r?\n\r?\n/);
    const partHeaders = parseHeaders(part.slice(0, at).trim());
    const content = decodePart(partHeaders, part.slice(at).replace(/^\r?\n\r?\n/, ''));
    if ((partHeaders['content-type'] ?? '').startsWith('text/html')) html = content;
    else if ((partHeaders['content-type'] ?? '').startsWith('text/plain')) text = content;
  }
  return { to, raw, headers, subject: decodeWords(headers.subject ?? ''), text, html };
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const state: TestSmtp = {
    url: '',
    mails,
    refuse: false,
    waitFor(count, ms = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (mails.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(mails);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} mails, got ${mails.length}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (state.refuse) {
          callback(Object.assign(new Error('Try again later'), { responseCode: 421 }));
          return;
        }
        const to = session.envelope.rcptTo.map((r) => r.address);
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), to);
        mails.push(mail);
        if (!state.hang?.(mail)) callback();
        for (const waiter of [...waiters]) waiter();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return state;
}
