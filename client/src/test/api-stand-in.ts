/**
 * A tiny real HTTP server standing in for our API in client unit tests: each test sets how it
 * answers, and it records every call (method, path, bearer token, body). Points `api` at itself.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { api } from '@/lib/api-client';

export interface SeenRequest {
  method: string;
  path: string;
  /** The bearer token sent, if any. */
  bearer: string | null;
  body: unknown;
}

export interface Answer {
  status: number;
  body?: unknown;
}

export type Responder = (req: SeenRequest) => Answer | Promise<Answer>;

export interface ApiStandIn {
  /** Every call so far (CORS preflights left out). */
  seen: SeenRequest[];
  respond(responder: Responder): void;
  close(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
};

export async function startApiStandIn(): Promise<ApiStandIn> {
  let responder: Responder = () => ({ status: 404, body: { message: 'Not found' } });
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS).end();
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      const auth = req.headers.authorization;
      const call: SeenRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        bearer: auth?.startsWith('Bearer ') ? auth.slice('Bearer '.length) : null,
        body: raw ? (JSON.parse(raw) as unknown) : undefined,
      };
      seen.push(call);
      void Promise.resolve(responder(call)).then((answer) => {
        res.writeHead(answer.status, { ...CORS, 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body ?? null));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const originalBase = api.defaults.baseURL;
  api.defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    seen,
    respond: (next) => {
      responder = next;
    },
    close: async () => {
      api.defaults.baseURL = originalBase;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A JWT-shaped token (unsigned: the client never checks signatures) with the given claims. */
export function jwtLike(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

/** A token issued now that lives `seconds`. */
export function tokenLiving(seconds: number, extra: Record<string, unknown> = {}): string {
  const iat = Math.floor(Date.now() / 1000);
  return jwtLike({ ...extra, iat, exp: iat + seconds });
}
