import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest go first, so that at the end both stacks finish close together instead
 * of one running a long file alone (longest-first, the usual greedy for two machines). vitest orders by
 * the durations of the last run when it has them; a fresh clone has none, so the slowest files are
 * named here: most of session.e2e is waiting out a token lifetime, which the other stack's files fill.
 * Files not named keep vitest's order, after these.
 *
 * first-screen.e2e goes before them all: it measures layout shift when the app takes over, and needs
 * its stack's lists as seeded. The site server reuses a list for up to a minute, so a list another file
 * had just changed would be swapped for the new one after takeover, a shift the test would count.
 */
const slowestFirst = [
  'first-screen.e2e.ts',
  'session.e2e.ts',
  // Its last test waits for the whole minute its first one scheduled an article for.
  'editorial.e2e.ts',
  'failures.e2e.ts',
  'moderation.e2e.ts',
  'admin.e2e.ts',
  'home.e2e.ts',
];

export class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = slowestFirst.indexOf(path.basename(file.moduleId));
      return index === -1 ? slowestFirst.length : index;
    };
    // Array.prototype.sort is stable: files of equal rank keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
