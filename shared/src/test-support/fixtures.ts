// Test-only helper: the shared package itself does no I/O; its tests read the bundled fixtures.
import { readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../fixtures/workspace');

export const FIXTURE_WORKFLOWS = [
  'Workflow/ResearchReport',
  'Workflow/LegacyOnboarding',
  'Team/Ops/FourSpaceIndent',
  'Workflow/UnknownStepType',
  'Workflow/NoFinalNewline',
] as const;

export function fixtureText(workflow: string, file: 'plan.json' | 'step_config.json'): string | undefined {
  const path = join(FIXTURE_ROOT, workflow, 'planning', file);
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

export function fixtureJson(workflow: string, file: 'plan.json' | 'step_config.json'): unknown {
  const text = fixtureText(workflow, file);
  return text === undefined ? undefined : JSON.parse(text);
}

/** A recorded run's event log under fixtures/runs (JSON Lines), parsed. */
export function fixtureRunEvents(file: string): unknown[] {
  const text = readFileSync(join(FIXTURE_ROOT, '../runs', file), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}
