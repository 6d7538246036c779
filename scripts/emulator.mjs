// Starts the Firebase Auth emulator (firebase-tools, offline) and resolves once it answers.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function isUp(host) {
  try {
    const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    return res.ok || res.status < 500;
  } catch {
    return false;
  }
}

/**
 * @param {{ config: string, host: string, exportDir?: string, log?: (line: string) => void, detached?: boolean, cwd?: string }} options
 * exportDir: accounts are imported from it at start and exported to it on exit (kept across restarts).
 * detached: own process group, so a terminal Ctrl-C reaches only the parent, which then stops it once
 * (a second signal makes firebase-tools force-quit without finishing its export).
 * cwd: where firebase-tools stages an export (`firebase-export-<time>` folders, left behind when an
 * export is cut short) and writes its debug log; default the project root.
 */
export async function startEmulator({
  config,
  host,
  exportDir,
  log = () => {},
  detached = false,
  cwd = root,
}) {
  const configPath = path.resolve(root, config);
  const args = ['emulators:start', '--only', 'auth', '--project', 'demo-newsroom', '--config', configPath];
  if (exportDir) {
    mkdirSync(exportDir, { recursive: true });
    args.push('--import', exportDir, '--export-on-exit', exportDir);
  }
  const bin = path.join(root, 'node_modules', '.bin', 'firebase');
  const child = spawn(bin, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached });
  let output = '';
  // Set once firebase-tools says it got a signal (e.g. a service manager signalled every process).
  const state = { stopping: false };
  const collect = (chunk) => {
    output += chunk;
    if (!state.stopping && /Received \S+.* for the first time/.test(output)) state.stopping = true;
    for (const line of String(chunk).split('\n')) if (line.trim()) log(line);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (await isUp(host)) return { child, stop: () => stopChild(child, exited, state) };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGKILL');
  throw new Error(`Firebase Auth emulator did not start on ${host}:\n${output.slice(-3000)}`);
}

async function stopChild(child, exited, state) {
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  // A signal that reached it directly may not have been announced yet; a second one within its
  // export would make it quit half-way (accounts unsaved, a firebase-export-* folder left).
  for (let i = 0; i < 5 && !state.stopping && !gone(); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  if (gone()) return;
  if (!state.stopping) child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
