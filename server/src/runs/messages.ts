const quote = (s: string) => JSON.stringify(s);

/** Every message the run engine and its routes write to a user, in one place. */
export const runMessages = {
  runNotFound: (id: string) => `No run ${quote(id)}`,
  runEnded: (id: string, status: string) => `Run ${quote(id)} has ended (${status}); it takes no more events`,
  interrupted: 'planvas stopped while the run was going; the run cannot continue',
  notWaiting: (id: string) => `Run ${quote(id)} is not waiting for human input`,
  notPaused: (id: string) => `Run ${quote(id)} is not paused; resume answers a run stopped at a breakpoint, a budget or a step`,
  noPendingDecision: 'This pause has no pending decision to change: only a before_delegate pause carries one',
  decisionInvalid: 'The changed decision cannot be carried out; the run stays paused',
  notEngineRun: (id: string) => `Run ${quote(id)} is not driven by planvas (external or imported); it cannot be cancelled or answered here`,
  notExternalRun: (id: string) => `Run ${quote(id)} is not an external run (POST /api/runs creates one); only external runs take ingested events`,
  badAnswer: (reason: string) => `The answer does not fit the question: ${reason}`,
  planUnreadable: (id: string) => `The plan of workflow ${quote(id)} cannot be run: fix its problems first`,
  stepConfigUnreadable: (id: string) => `The step_config.json of workflow ${quote(id)} cannot be read: fix it first`,
  noEntry: 'The plan has no steps to run',
  branchNoSnapshot: (runId: string, iteration: number) => `Run ${quote(runId)} has no todo snapshot at iteration ${iteration}`,
  branchAmbiguousStep: (runId: string, steps: string[]) =>
    `Run ${quote(runId)} has snapshots of several todo_task steps (${steps.join(', ')}); say which with from.stepId`,
  replayOtherWorkflow: (id: string) => `Run ${quote(id)} is a run of another workflow; a replay reuses results of a run of the same workflow`,
  branchOtherWorkflow: (runId: string) => `Run ${quote(runId)} belongs to another workflow`,
  branchStepGone: (stepId: string) => `Step ${quote(stepId)} is no longer a todo_task step of the plan`,
  decisionLogMissing: (stepId: string) => `There is no logs/${stepId}/todo-task-execution.json in this workflow`,
  decisionLogInvalid: 'The decision log has problems; nothing was imported',
  invalidStepId: (stepId: string) => `Invalid step id ${quote(stepId)}: it must be a single folder name`,
  ingestInvalid: 'Some events are invalid; none of the batch was stored',
  notAcceptable: 'This endpoint streams Server-Sent Events: send Accept: text/event-stream',
  badQuery: (name: string, reason: string) => `Query parameter ${name} ${reason}`,
  noActiveLearnCode: 'No learn_code script of this run is running; sub-agents can only be called while it runs',
  unknownRoute: (routeId: string, stepId: string) => `Step ${quote(stepId)} has no predefined route ${quote(routeId)}`,
  notListening: 'learn_code needs the planvas server to listen on a port (scripts call back over HTTP)',
  runActive: (workflowId: string, runs: ReadonlyArray<{ id: string; status: string }>) =>
    `Workflow ${quote(workflowId)} has ${runs.length === 1 ? 'a run' : `${runs.length} runs`} going (${runs.map((r) => `${r.id}: ${r.status}`).join(', ')}); ` +
    'wait until it ends or cancel it (an external run ends when its runtime posts its final run_status), then try again',
  workflowBusy: (workflowId: string) => `Workflow ${quote(workflowId)} is being moved, copied or deleted, or a run of it is starting; try again in a moment`,
  logCorrupt: (line: number, reason: string) => `Line ${line} of the run's event log was skipped: ${reason}`,
  leaseLost: (runId: string) => `Run ${runId} is driven by another worker now (this worker's lease ran out); this worker stopped writing to it`,
  workerStopped: (worker: string) => `The worker driving this run (${worker}) stopped`,
  resumedOn: (worker: string, from: string, iteration: number) =>
    `Resumed on worker ${worker} after the worker driving it (${from}) stopped, from the todo snapshot of iteration ${iteration}`,
  cannotResume: (worker: string) =>
    `The worker driving this run (${worker}) stopped before the run's first todo snapshot, so there is nothing to resume from; start the run again`,
  noWorker: (runId: string) => `Run ${runId} is not driven by a worker that answers (it may be queued, or its worker stopped); try again in a moment`,
} as const;
