/**
 * The baseline of `npm run bench`: a bare Express 5 app (the server workspace's own copy) that answers
 * GET /list with a fixed 20-article list through `res.json`, serialized on every request, with no
 * middleware at all. Usage: node bench/bare-express.mjs <port> <payload.json>
 * Prints "ready" once listening; exits on SIGTERM/SIGINT or when its parent goes away.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../server/package.json', import.meta.url));
const express = require('express');

const [portArg, payloadFile] = process.argv.slice(2);
const list = JSON.parse(readFileSync(payloadFile, 'utf8'));

const app = express();
app.get('/list', (_req, res) => {
  res.json(list);
});

const server = app.listen(Number(portArg), '127.0.0.1', () => {
  process.stdout.write('ready\n');
});

const stop = () => server.close(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
// Never outlive the bench (the parent's IPC channel closes when it exits, however it exits).
process.on('disconnect', () => process.exit(0));
