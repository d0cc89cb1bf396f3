// The apps the canvas-layout bench opens plans in: the dagre app built beside planvas, and the servers warmed up and checked.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { REPO, type PlanvasServer } from '../../support/planvas-server';

/** The app built with the dagre baseline layout service instead of the ELK worker (see canvas-layout.bench.ts), into a temporary folder. */
export function buildDagreApp(outDir: string): void {
  const web = join(REPO, 'web');
  const vite = join(dirname(createRequire(join(web, 'package.json')).resolve('vite/package.json')), 'bin/vite.js');
  execFileSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: web,
    env: { ...process.env, PLANVAS_BASELINE_DAGRE: '1' },
    stdio: 'inherit',
  });
}

/** dagre's own script, for laying a graph out in a blank page. */
export const dagreScriptPath = () => join(dirname(createRequire(join(REPO, 'web/package.json')).resolve('@dagrejs/dagre')), 'dagre.min.js');

/**
 * A server that has been up a while: the workspace listing (every plan parsed and checked, ~25 MB
 * of plans here) is computed once and then reused while the files are unchanged, but not for files
 * written in the last 2 s (server/src/workspace/stat-keyed-cache.ts). Without this the first opens
 * would wait on the server's first listing of the bench's own workspace.
 */
export async function warmServer(server: PlanvasServer): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 2500));
  const answer = await fetch(`${server.baseURL}/api/workflows`);
  if (!answer.ok) throw new Error(`GET /api/workflows: ${answer.status}`);
}

/** The generated plans must open clean: problems would open the problems panel and change what is drawn. */
export async function expectNoProblems(server: PlanvasServer, ids: string[]): Promise<void> {
  for (const id of ids.filter((w) => w.endsWith('-deeplink-0'))) {
    const answer = await fetch(`${server.baseURL}/api/workflows/${encodeURIComponent(id)}`);
    if (!answer.ok) throw new Error(`GET ${id}: ${answer.status} ${await answer.text()}`);
    const { problems } = (await answer.json()) as { problems: Array<{ message: string }> };
    if (problems.length > 0) throw new Error(`${id} has ${problems.length} problems, e.g. ${problems[0]!.message}`);
  }
}
