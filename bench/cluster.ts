/**
 * `npm run bench -- --cluster`: public read throughput through HAProxy with 1, 2 and 3 API instances
 * (FerretDB + redis-server + the cluster test's harness, server/src/test/cluster/harness.ts), and one
 * instance without the balancer for reference. On a 2-core machine this shows what the balancer and
 * the per-request Redis read cost, not scaling: every process shares the same two cores.
 */
import autocannon from 'autocannon';
import { startFerretDb } from '../scripts/ferretdb.mjs';
import { newId } from '../server/src/store/ids.js';
import { startCluster } from '../server/src/test/cluster/harness.js';
import { PUBLISHERS, seedArticles } from './seed-data.js';

interface Row {
  label: string;
  path: string;
  rps: number;
  p99: number;
  non2xx: number;
}

const READS = ['/articles/trending', '/all-articles/approved?page=1&limit=10'];

async function measure(base: string, path: string, duration: number, connections: number) {
  const url = `${base}${path}`;
  const headers = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  await autocannon({ url, connections: Math.min(10, connections), duration: 1, headers });
  const r = await autocannon({ url, connections, duration, headers });
  return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx + r.errors + r.timeouts };
}

export async function runClusterBench(options: { duration: number; connections: number }): Promise<number> {
  const ferret = await startFerretDb();
  process.env.MONGODB_URI = ferret.uri;
  const rows: Row[] = [];
  try {
    for (const size of [1, 2, 3]) {
      const cluster = await startCluster({
        size,
        env: { PUBLIC_READ_RATE_LIMIT_MAX: '1000000', SWEEP_INTERVAL_MS: '3600000' },
      });
      try {
        await cluster.store
          .collection('publishers')
          .insertMany(PUBLISHERS.map((publisherName) => ({ _id: newId(), publisherName, logo: '' })));
        await seedArticles(cluster.store, 1_000, newId);
        const targets: Array<[string, string]> = [[`${size} behind HAProxy`, cluster.url]];
        if (size === 1)
          targets.unshift(['1, direct (no balancer)', `http://127.0.0.1:${cluster.instances[0]!.port}`]);
        for (const [label, base] of targets) {
          for (const path of READS) {
            const r = await measure(base, path, options.duration, options.connections);
            rows.push({ label, path, ...r });
            console.log(`bench --cluster: ${label} ${path}: ${Math.round(r.rps)} req/s, p99 ${r.p99} ms`);
          }
        }
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    await ferret.stop();
  }
  console.log('\nPublic reads, 1 000 articles on FerretDB, Redis for shared state (req/s, p99 ms):\n');
  console.log(`| instances | ${READS.map((p) => `\`${p}\``).join(' | ')} |`);
  console.log(`|---|${READS.map(() => '---').join('|')}|`);
  for (const label of [...new Set(rows.map((r) => r.label))]) {
    const cells = READS.map((path) => {
      const r = rows.find((x) => x.label === label && x.path === path)!;
      return `${Math.round(r.rps)} (p99 ${r.p99})${r.non2xx ? `, ${r.non2xx} failed` : ''}`;
    });
    console.log(`| ${label} | ${cells.join(' | ')} |`);
  }
  console.log(
    "\nAll processes (client, balancer, Redis, FerretDB, instances) share this machine's cores: the " +
      'rows show the cost of the balancer and of the per-request Redis read, not how far more machines scale.',
  );
  return rows.some((r) => r.non2xx > 0) ? 1 : 0;
}
