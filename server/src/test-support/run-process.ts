import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..');

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command ...args` to completion (stdin closed), collecting what it prints. */
export function runToEnd(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs `node --import tsx <script> ...args` in server/ (as `pnpm --filter @planvas/server` does) to completion. */
export function runTsx(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Finished> {
  return runToEnd(process.execPath, ['--import', 'tsx', script, ...args], { cwd: SERVER_DIR, env: { ...process.env, ...env } });
}

export interface Running {
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<number | null>;
}

/** Starts a long-running process and resolves once its output matches `ready` (rejects if it exits first). */
export function startTsx(script: string, args: string[], ready: RegExp, env: NodeJS.ProcessEnv = {}): Promise<Running & { match: RegExpMatchArray }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let settled = false;
    const stop = () =>
      new Promise<number | null>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done(child.exitCode);
        child.once('exit', (code) => done(code));
        child.kill('SIGTERM');
      });
    const onData = (d: Buffer) => {
      output += String(d);
      const match = output.match(ready);
      if (match && !settled) {
        settled = true;
        resolve({ child, output: () => output, stop, match });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      if (!settled) {
        settled = true;
        reject(new Error(`process exited with ${code} before it was ready:\n${output}`));
      }
    });
  });
}
