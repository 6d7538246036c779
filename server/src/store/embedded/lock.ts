/**
 * The `LOCK` file of an embedded store directory: the pid of the process that has the store open.
 * A LOCK left by a process that is gone (or by a reused pid) is taken over.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Directories this process has open (a second open in one process is refused too). */
const openDirs = new Set<string>();

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Linux: when the process with `pid` started (ms since epoch), to spot a pid reused after a reboot. */
function processStartMs(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]); // field 22 (starttime), counted after "pid (comm)"
    const btime = /^btime (\d+)$/m.exec(fs.readFileSync('/proc/stat', 'utf8'))?.[1];
    if (!Number.isFinite(ticks) || !btime) return undefined;
    return (Number(btime) + ticks / 100) * 1000; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

/** True when the LOCK file's pid is a live process that was already running when the LOCK was written. */
function lockHeld(pid: number, lockFile: string): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !pidAlive(pid)) return false;
  const started = processStartMs(pid);
  if (started === undefined) return true;
  return started <= fs.statSync(lockFile).mtimeMs + 2000;
}

/** Takes the directory's LOCK (creating the directory) or throws when another store holds it. */
export function lockStoreDir(dir: string): void {
  if (openDirs.has(dir)) throw new Error(`embedded store ${dir} is already open in this process`);
  fs.mkdirSync(dir, { recursive: true });
  acquireLock(dir);
  openDirs.add(dir);
}

export function unlockStoreDir(dir: string): void {
  if (!openDirs.has(dir)) return;
  openDirs.delete(dir);
  try {
    const lock = path.join(dir, 'LOCK');
    if (fs.readFileSync(lock, 'utf8').trim() === String(process.pid)) fs.rmSync(lock, { force: true });
  } catch {
    // already gone
  }
}

function acquireLock(dir: string): void {
  const lock = path.join(dir, 'LOCK');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const pid = Number(fs.readFileSync(lock, 'utf8').trim());
    if (lockHeld(pid, lock)) {
      throw new Error(`embedded store ${dir} is in use by process ${pid}`);
    }
    fs.rmSync(lock, { force: true }); // stale: its process is gone
  }
  throw new Error(`embedded store ${dir}: could not take LOCK`);
}
