/**
 * The median time of `runs` calls of `fn`, in ms, after one warm-up call: wall time, or with `cpu`
 * this process's CPU time (user + system), which other processes' turns on shared cores do not
 * inflate. Used by the performance tests and the benchmark (bench/run.ts).
 */
export async function median(
  fn: () => Promise<unknown>,
  { runs = 21, cpu = false }: { runs?: number; cpu?: boolean } = {},
): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const wall = performance.now();
    const start = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(start);
    times.push(cpu ? (used.user + used.system) / 1000 : performance.now() - wall);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)]!;
}
