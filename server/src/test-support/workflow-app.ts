import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import { appFor, copyFixtureWorkspace, type TempWorkspace } from './fixture-workspace';
import { writeWorkflow } from './run-harness';

/** A workflow a test writes into the workspace before the app starts. */
export interface TestWorkflow {
  plan: unknown;
  stepConfig?: unknown;
}

/**
 * For a test file: before each test, a copy of the fixture workspace with `workflows` written and
 * a real app over it; after each, both gone. Read `ws` and `app` inside the tests.
 */
export function useWorkflowApp(workflows: Record<string, TestWorkflow>): { ws: TempWorkspace; app: FastifyInstance } {
  const current = {} as { ws: TempWorkspace; app: FastifyInstance };
  beforeEach(async () => {
    current.ws = await copyFixtureWorkspace();
    for (const [id, workflow] of Object.entries(workflows)) await writeWorkflow(current.ws.root, id, workflow.plan, workflow.stepConfig);
    current.app = await appFor(current.ws);
  });
  afterEach(async () => {
    await current.app.close();
    await current.ws.cleanup();
  });
  return current;
}
