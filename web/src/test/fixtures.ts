// Test-only: reads the demo workspace (fixtures/workspace) as the server would, promoting legacy plans.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkPlan, readPlan, type Plan, type Problem } from '@planvas/shared';

export const FIXTURE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../fixtures/workspace');

/** Every workflow folder (one holding planning/plan.json) under the fixture workspace. */
export function fixtureWorkflowIds(root = FIXTURE_ROOT): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    if (existsSync(join(dir, 'planning', 'plan.json'))) found.push(relative(root, dir).split(sep).join('/'));
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (name !== 'planning' && statSync(path).isDirectory()) walk(path);
    }
  };
  walk(root);
  return found.sort();
}

export function loadFixturePlan(workflowId: string): { plan: Plan; legacy: boolean; problems: Problem[] } {
  const raw: unknown = JSON.parse(readFileSync(join(FIXTURE_ROOT, workflowId, 'planning', 'plan.json'), 'utf8'));
  const result = readPlan(raw);
  if (!result.ok) throw new Error(`fixture ${workflowId} does not read: ${JSON.stringify(result.details)}`);
  return { plan: result.plan, legacy: result.legacy, problems: checkPlan(result.plan) };
}
