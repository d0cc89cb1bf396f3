import { spawn } from 'node:child_process';
import type { Stats } from 'node:fs';
import { lstat, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { createTodo, learnCodeEligibility, type StepConfigEntry, type OrchestratingStep } from '@planvas/shared';
import { InvalidInput, UpstreamFailed } from '../../errors/domain-errors';
import { messages } from '../../errors/messages';
import { runMessages } from '../../runs/messages';
import { runFolderIn } from '../../workspace/run-folders';
import { isMissing, isSafeSegment } from '../../workspace/safe-path';
import { learnCodeEnv } from './learn-code-env';
import type { RunContext, SubAgentCallHandler } from '../run-context';
import { errorMessage } from '../step-failure';
import { emitStatus } from '../step-status-events';
import type { TodoTaskSession } from './todo-task-session';
import { toolContext } from './todo-toolbox';
import { validateOutputs } from '../validation';
import { validationOf } from '../step-config-lookups';
import { stepText } from '../step-field-readers';

/**
 * The runtime eligibility of the learn_code fast path (docs/formats.md "learn_code fast path"): the step's config declares
 * `declared_execution_mode: "learn_code"` and the step has at least one predefined route. (The
 * promotion policy, 10+ successful runs and an explicit user request, is the optimizer's
 * business before it sets the mode; the runtime does not re-check it.)
 */
export function isLearnCodeEligible(config: StepConfigEntry | undefined, step: OrchestratingStep): boolean {
  return learnCodeEligibility(step, config?.agent_configs).eligible;
}

export interface LearnCodeOutcome {
  success: boolean;
  reason: string;
}

export interface LearnCodeScript {
  /** The script's real path (no symlink in it), which is what runs. */
  path: string;
  command: string;
  /** `learnings/<step-id>/main.py`, for events and messages. */
  relative: string;
}

/** The step's script, or that it has none, or why the one it has may not run. */
export type LearnCodeScriptLookup = { script: LearnCodeScript } | { missing: true } | { refused: string; relative: string };

const SCRIPT_CANDIDATES = [
  { file: 'main.py', command: 'python3' },
  { file: 'main.mjs', command: process.execPath },
];

/**
 * `learnings/<step-id>/main.py` run by python3, else `main.mjs` run by this node. Only a real
 * file of that very folder of a real workflow is ever started: the step id must be one folder
 * name, the workflow may not lie in a run folder (what runs write is never code planvas starts),
 * and no symlink may lead the name anywhere else (a run's execution folder, say, where agents
 * write files).
 */
export async function findLearnCodeScript(workflowDir: string, workflowId: string, stepId: string): Promise<LearnCodeScriptLookup> {
  const shown = `learnings/${stepId}/main.py`;
  if (!isSafeSegment(stepId)) return { refused: 'the step id is not a single folder name', relative: shown };
  if (runFolderIn(workflowId.split('/')) !== undefined) return { refused: `workflow ${JSON.stringify(workflowId)} lies in a run folder`, relative: shown };
  for (const candidate of SCRIPT_CANDIDATES) {
    const relative = `learnings/${stepId}/${candidate.file}`;
    const path = join(workflowDir, 'learnings', stepId, candidate.file);
    let info: Stats;
    try {
      info = await lstat(path);
    } catch (error) {
      if (isMissing(error)) continue;
      throw error;
    }
    const expected = join(await realpath(workflowDir), 'learnings', stepId, candidate.file);
    // Undefined for a link to nothing; any link at all makes the real path differ.
    const real = await realpath(path).catch(() => undefined);
    if (real !== expected) return { refused: 'it is reached through a symbolic link', relative };
    if (!info.isFile()) return { refused: 'it is not a regular file', relative };
    return { script: { path: real, command: candidate.command, relative } };
  }
  return { missing: true };
}

const TAIL_BYTES = 4096;

/**
 * Runs the step's learn_code script (read-only: never repaired or rewritten). The script drives
 * the orchestration by calling `POST ${MCP_API_URL}/tools/custom/call_sub_agent` with
 * `{ route_id, todo_id, instructions }`; each call runs that route's sub-agent as a delegation of
 * this step (route-selected, item events, snapshot). Success needs exit code 0 and the step's
 * validation passing; anything else is a failure the caller turns into a fresh fallback or,
 * with fast_path_only, a hard error.
 */
export async function runLearnCode(ctx: RunContext, session: TodoTaskSession): Promise<LearnCodeOutcome> {
  const { step } = session;
  const fallback = !ctx.options.fastPathOnly;
  const report = (outcome: LearnCodeOutcome & { script?: string; exitCode?: number | null; stderr?: string }): LearnCodeOutcome => {
    ctx.emit({
      type: 'learn_code_result',
      data: {
        step_id: step.id,
        outcome: outcome.success ? 'success' : 'failed',
        ...(outcome.script ? { script: outcome.script } : {}),
        ...(outcome.exitCode !== undefined ? { exit_code: outcome.exitCode } : {}),
        reason: outcome.reason,
        fallback: !outcome.success && fallback,
        ...(outcome.stderr ? { stderr_tail: outcome.stderr } : {}),
      },
    });
    return { success: outcome.success, reason: outcome.reason };
  };

  const found = await findLearnCodeScript(ctx.paths.workflowDir, ctx.workflowId, step.id);
  if ('missing' in found) return report({ success: false, reason: `no learnings/${step.id}/main.py (or main.mjs) to run` });
  if ('refused' in found) return report({ success: false, script: found.relative, reason: messages.learnCodeScriptRefused(found.relative, found.refused) });
  const { script } = found;

  let chain: Promise<unknown> = Promise.resolve();
  const handler: SubAgentCallHandler = (body) => {
    // One sub-agent at a time, in call order: the todo list and iterations stay consistent.
    const result = chain.then(() => callSubAgent(session, body));
    chain = result.catch(() => undefined);
    return result;
  };
  const endpoint = ctx.openLearnCodeEndpoint(handler);
  if (!endpoint) return report({ success: false, script: script.relative, reason: runMessages.notListening });

  emitStatus(ctx, step, session.position, 'executing', { reason: `learn_code script ${script.relative}` });
  let exit: { code: number | null; signal: NodeJS.Signals | null; stderr: string; error?: string };
  try {
    exit = await runScript(script, endpoint.url, ctx);
  } finally {
    endpoint.close();
  }
  await chain;
  if (ctx.signal.aborted) return report({ success: false, script: script.relative, reason: 'cancelled' });
  if (exit.error) return report({ success: false, script: script.relative, exitCode: exit.code, reason: exit.error, stderr: exit.stderr });
  if (exit.code !== 0) {
    const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
    return report({ success: false, script: script.relative, exitCode: exit.code, reason: `the script ${how}`, stderr: exit.stderr });
  }
  await session.file.flush();
  const validation = await validateOutputs(validationOf(ctx, step), ctx.paths.executionDir);
  if (!validation.passed) {
    const problems = validation.problems.map((p) => `${p.file}${p.path ? ` ${p.path}` : ''}: ${p.message}`).join('; ');
    return report({
      success: false,
      script: script.relative,
      exitCode: 0,
      reason: `the script exited 0 but validation failed: ${problems}`,
      stderr: exit.stderr,
    });
  }
  return report({ success: true, script: script.relative, exitCode: 0, reason: `${session.delegations.length} sub-agent call(s), validation passed` });
}

function runScript(
  script: LearnCodeScript,
  url: string,
  ctx: RunContext,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; error?: string }> {
  return new Promise((resolve) => {
    const env = learnCodeEnv(process.env, { MCP_API_URL: url, PLANVAS_RUN_ID: ctx.runId, PLANVAS_EXECUTION_DIR: ctx.paths.executionDir });
    const child = spawn(script.command, [script.path], { cwd: ctx.paths.executionDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let error: string | undefined;
    const keepTail = (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-TAIL_BYTES);
    };
    child.stderr.on('data', keepTail);
    child.stdout.on('data', () => undefined);
    const kill = (why: string) => {
      error ??= why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => kill(`the script ran longer than ${ctx.options.learnCodeTimeoutMs} ms`), ctx.options.learnCodeTimeoutMs);
    const onAbort = () => kill('cancelled');
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    child.on('error', (e) => {
      error ??= `could not start ${script.command}: ${e.message}`;
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      ctx.signal.removeEventListener('abort', onAbort);
      resolve({ code, signal, stderr, ...(error ? { error } : {}) });
    });
  });
}

async function callSubAgent(session: TodoTaskSession, body: { route_id: string; todo_id: string; instructions: string }): Promise<Record<string, unknown>> {
  const { ctx, step } = session;
  const route = session.routes.find((r) => r.route_id === body.route_id);
  if (!route)
    throw new InvalidInput('unknown_route', runMessages.unknownRoute(body.route_id, step.id), [
      { path: '$.route_id', message: 'not a predefined route of the step' },
    ]);
  session.iteration++;
  if (!session.list.todos.some((t) => t.id === body.todo_id)) {
    const title = body.instructions.split('\n')[0]?.trim().slice(0, 120) || `${route.route_name ?? route.route_id} task`;
    const created = createTodo(
      session.list,
      { title, description: body.instructions, assigned_agent: route.route_id },
      toolContext(() => ctx.now()),
      { id: body.todo_id },
    );
    if (!created.ok) throw new InvalidInput('invalid_todo', created.error, [{ path: '$.todo_id', message: created.error }]);
    session.commit(created.list, 'learn_code');
  }
  const todo = session.list.todos.find((t) => t.id === body.todo_id)!;
  session.recordDecision({
    next_action: 'delegate',
    selected_route_id: route.route_id,
    selected_route_name: route.route_name ?? route.route_id,
    use_generic_agent: false,
    todo_id_to_execute: todo.id,
    todo_title: todo.title,
    instructions_to_sub_agent: body.instructions,
    selection_reasoning: 'Called by the learn_code script',
    selected_sub_agent_path: session.subAgentPathFor(route, todo.id),
    model: 'learn_code',
    all_tasks_complete: false,
  });
  try {
    const record = await session.delegate({
      route,
      todoId: todo.id,
      instructions: body.instructions,
      successCriteria: stepText(route.sub_agent_step, 'success_criteria') ?? '',
    });
    session.snapshot();
    return { success: true, route_id: route.route_id, todo_id: todo.id, result: record.result };
  } catch (error) {
    throw new UpstreamFailed('sub_agent_failed', `The sub-agent of route "${route.route_id}" failed: ${errorMessage(error)}`);
  }
}
