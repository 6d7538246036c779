// What the scripts that start a database server for the tests share (scripts/documentdb.mjs,
// scripts/ferretdb.mjs): waiting for its port, and running a command against it.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';

function listening(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resolves once 127.0.0.1:port accepts connections; rejects when `child` exits first or after `ms`. */
export async function waitForPort(port, child, name, ms) {
  const deadline = Date.now() + ms;
  while (!(await listening(port))) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${name} did not listen within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Runs `command` in a shell with `env` added, then `server.stop()` (also on SIGINT/SIGTERM); resolves
 * with the command's exit code.
 */
export async function runAgainst(server, command, env) {
  const stopOnSignal = () => server.stop().then(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    const child = spawn(command, { shell: true, stdio: 'inherit', env: { ...process.env, ...env } });
    return await new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  } finally {
    await server.stop();
  }
}
