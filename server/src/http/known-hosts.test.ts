/**
 * DNS rebinding of the demo: while the Auth emulator is trusted, the API and the site answer only
 * loopback's names and their configured hosts (known-hosts.ts); without the emulator, any.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteApp } from '../site/app.js';
import type { SiteSource } from '../site/source.js';
import { makeTestApp, type TestApp } from '../test/app.js';
import { hostName } from './known-hosts.js';

let demo: TestApp;
let deployed: TestApp;
beforeAll(async () => {
  [demo, deployed] = await Promise.all([
    makeTestApp({
      config: { firebaseAuthEmulatorHost: '127.0.0.1:9199', publicUrl: 'http://newsroom.localhost:5000' },
    }),
    makeTestApp({ config: { firebaseAuthEmulatorHost: undefined, publicUrl: 'https://api.news.example' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([demo.close(), deployed.close()]);
});

describe('host names', () => {
  it('are read from the Host header without the port, IPv6 in brackets', () => {
    expect(hostName('LocalHost:5000')).toBe('localhost');
    expect(hostName('[::1]:5173')).toBe('[::1]');
    expect(hostName('example.test')).toBe('example.test');
    expect(hostName(undefined)).toBe('');
  });
});

describe('the API trusting the emulator', () => {
  it('answers loopback names and PUBLIC_URL’s host', async () => {
    for (const host of ['localhost:5000', '127.0.0.1:5000', '[::1]:5000', 'newsroom.localhost:5000']) {
      const res = await request(demo.app).get('/health').set('Host', host);
      expect(res.status, host).toBe(200);
    }
  });

  it('refuses any other name with 421 JSON, before any route runs', async () => {
    for (const host of ['rebound.attacker.example', 'rebound.attacker.example:5000', '127.0.0.1.nip.io']) {
      const res = await request(demo.app).get('/publisher-data').set('Host', host);
      expect(res.status, host).toBe(421);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it('is not limited that way when deployed with a real Firebase project', async () => {
    const res = await request(deployed.app).get('/health').set('Host', 'any.name.example');
    expect(res.status).toBe(200);
  });
});

describe('the site trusting the emulator', () => {
  const source: SiteSource = {
    cards: () => Promise.resolve([]),
    teaser: () => Promise.resolve(null),
    index: () => Promise.resolve([]),
    newest: () => Promise.resolve([]),
  };
  it('answers loopback names and SITE_URL’s host, 421 to others', async () => {
    const distDir = mkdtempSync(path.join(tmpdir(), 'newsroom-hosts-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><head><title>N</title></head></html>',
    );
    const site = createSiteApp({
      source,
      distDir,
      siteUrl: 'http://news.localhost:5173',
      logger: pino({ level: 'silent' }),
      loopbackOnly: true,
    });
    expect((await request(site).get('/robots.txt').set('Host', 'localhost:5173')).status).toBe(200);
    expect((await request(site).get('/robots.txt').set('Host', 'news.localhost:5173')).status).toBe(200);
    expect((await request(site).get('/robots.txt').set('Host', 'rebound.attacker.example')).status).toBe(421);
  });
});
