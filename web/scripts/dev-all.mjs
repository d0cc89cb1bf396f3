// `pnpm dev`: the API server and vite with hot reload, side by side. Either one exiting (or Ctrl-C)
// stops both, so no orphaned server keeps the port busy for the next run.
import { spawn } from 'node:child_process';

const children = [
  { name: 'server', args: ['--filter', '@planvas/server', 'start', '--no-open'] },
  { name: 'web', args: ['--filter', '@planvas/web', 'dev'] },
].map(({ name, args }) => {
  // detached: each child leads its own process group, so killing the group also stops the
  // grandchildren (pnpm -> tsx -> node) that a plain kill would leave behind.
  const child = spawn('pnpm', args, { stdio: 'inherit', detached: true });
  child.on('exit', (code, signal) => {
    console.log(`[dev] ${name} exited (${signal ?? code})`);
    shutdown(code ?? 1);
  });
  return child;
});

let stopping = false;
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
  setTimeout(() => process.exit(code), 300);
}

process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
