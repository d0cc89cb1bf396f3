// Test-only helper: the workflows of fixtures/generations (one per format generation and layout,
// see fixtures/README.md "generations/"). The shared package itself does no I/O.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const GENERATION_FIXTURE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../fixtures/generations');

/** Every workflow under fixtures/generations; each is a workspace-relative workflow id there. */
export const GENERATION_FIXTURES = ['LoopTabsHugged', 'AgentworksCompact', 'AgentworksKeysOnLine', 'AgentItems', 'OldestIdless', 'ProblemsOnDisk'] as const;
export type GenerationFixture = (typeof GENERATION_FIXTURES)[number];

/** The fixtures that have a `planning/step_config.json`. */
export const GENERATION_FIXTURES_WITH_STEP_CONFIG: readonly GenerationFixture[] = GENERATION_FIXTURES.filter((name) =>
  existsSync(generationFixturePath(name, 'step_config.json')),
);

export function generationFixturePath(name: GenerationFixture, file: 'plan.json' | 'step_config.json'): string {
  return join(GENERATION_FIXTURE_ROOT, name, 'planning', file);
}

/** The file's exact text (no newline or BOM normalisation), or undefined when the file is absent. */
export function generationFixtureText(name: GenerationFixture, file: 'plan.json' | 'step_config.json'): string | undefined {
  const path = generationFixturePath(name, file);
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

export function generationFixtureJson(name: GenerationFixture, file: 'plan.json' | 'step_config.json'): unknown {
  const text = generationFixtureText(name, file);
  return text === undefined ? undefined : JSON.parse(text);
}
