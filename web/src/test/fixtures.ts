// Test-only: reads the demo workspace (fixtures/workspace) as the server would, promoting legacy plans.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkPlan, checkStepConfig, readPlan, readStepConfig, type Plan, type Problem, type StepConfig } from '@planvas/shared';

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

/** fixtures/generations: one workflow per format generation and file layout (fixtures/README.md). */
export const GENERATION_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../fixtures/generations');

export function generationFixtureIds(): string[] {
  return fixtureWorkflowIds(GENERATION_ROOT);
}

/**
 * A generation fixture as the web app gets it: the plan (display ids on id-less steps), its
 * step_config, the problems. A plan that breaks the schema (ProblemsOnDisk) is answered as read
 * (`readable: false`), as the checks see it.
 */
export function loadGenerationFixture(workflowId: string): { plan: Plan; readable: boolean; stepConfig: StepConfig | undefined; problems: Problem[] } {
  const dir = join(GENERATION_ROOT, workflowId, 'planning');
  const result = readPlan(JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8')));
  const plan = result.ok ? result.plan : result.partial;
  if (!plan) throw new Error(`fixture ${workflowId} is not a plan: ${JSON.stringify(result.ok ? [] : result.details)}`);
  const configPath = join(dir, 'step_config.json');
  const config = existsSync(configPath) ? readStepConfig(JSON.parse(readFileSync(configPath, 'utf8'))) : undefined;
  const stepConfig = config?.ok ? config.config : undefined;
  return { plan, readable: result.ok, stepConfig, problems: [...checkPlan(plan), ...(stepConfig ? checkStepConfig(plan, stepConfig) : [])] };
}
