import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import express from 'express';
import { createApp } from './src/app.js';
import { systemClock } from './src/clock.js';
import { openEmbeddedStore } from './src/store/embedded/index.js';
import { ensureIndexes } from './src/store/index.js';
import { testConfig } from './src/test/app.js';
import { insertArticle, insertPublisher } from './src/test/article-fixtures.js';

const mode = process.argv[2] ?? 'app';
const dir = mkdtempSync(path.join(tmpdir(), 'h7-bench-'));
const store = await openEmbeddedStore({ dir });
await ensureIndexes(store);
for (let i = 0; i < 8; i++) await insertPublisher(store, `Pub ${i}`);
for (let i = 0; i < 200; i++) await insertArticle(store);
const logger = pino({ level: 'info' }, pino.destination({ dest: '/dev/null', sync: false }));
let app: express.Express;
if (mode.startsWith('bare')) {
  app = express();
  const { default: helmet } = await import('helmet');
  const { default: cors } = await import('cors');
  const { pinoHttp } = await import('pino-http');
  if (mode.includes('helmet')) app.use(helmet({ crossOriginResourcePolicy: { policy: 'cross-origin' } }));
  if (mode.includes('cors')) app.use(cors({ origin: ['http://localhost:5173'] }));
  if (mode.includes('corsfn')) app.use(cors({ origin: (o, cb) => cb(null, !o || o === 'x') }));
  if (mode.includes('oldpino')) app.use(pinoHttp({ logger, serializers: { req: (r: any) => ({ id: r.id, method: r.method, url: r.url }), res: (r: any) => ({ statusCode: r.statusCode }) } }));
  if (mode.includes('newpino')) app.use(pinoHttp({ logger, wrapSerializers: false, serializers: { req: (r: any) => ({ id: r.id, method: r.method, url: r.url }), res: (r: any) => ({ statusCode: r.statusCode }) }, customLogLevel: (_q, res) => (res.statusCode >= 400 ? 'info' : 'silent') }));
  const list = await store.collection('articles').find({ status: 'Approved' }, { limit: 20 });
  app.get('/all-articles/approved', (_req, res) => { res.json(list); });
} else {
  app = createApp({ config: testConfig(dir), store, identity: { verifyIdToken: async () => { throw new Error(); } }, clock: systemClock, logger, stripe: null });
}
const server = app.listen(5771);
await new Promise((r) => server.once('listening', r));
const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
let done = 0;
const end = Date.now() + Number(process.argv[3] ?? 4000);
const one = (): Promise<void> => new Promise((resolve, reject) => {
  http.get({ host: '127.0.0.1', port: 5771, path: '/all-articles/approved?limit=20', agent }, (res) => { res.resume(); res.on('end', () => { done++; resolve(); }); }).on('error', reject);
});
const worker = async () => { while (Date.now() < end) await one(); };
const t0 = Date.now();
await Promise.all(Array.from({ length: 50 }, worker));
console.log(mode, Math.round(done / ((Date.now() - t0) / 1000)), 'req/s');
server.close(); agent.destroy(); await store.close(); process.exit(0);
