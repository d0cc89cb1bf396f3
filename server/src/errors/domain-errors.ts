import type { ErrorDetail } from '@planvas/shared';
import { messages } from './messages';

/**
 * What the storage (workspace/, state/), run (runs/) and engine (engine/) layers refuse, in their
 * own terms: a stable `code`, a message for the user, `details` (a JSON path and a message each)
 * and the `extra` fields an answer carries (`currentRevision`). They know nothing of HTTP: the
 * error handler (plugins/error-handler.ts) maps each kind below to its status, in one table.
 *
 * A kind is one class; a refusal that code elsewhere recognises (or that has fixed wording) has
 * a named subclass, the others are thrown as their kind with their code.
 */
export abstract class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The request asks for something that cannot be: a malformed id, a body that breaks a rule, an unknown option. */
export class InvalidInput extends DomainError {}

/** What the request names does not exist (a workflow, a run, a file it reads). */
export class NotFound extends DomainError {}

/** The request does not fit the current state: the workflow exists already, the run has ended, it waits for nothing. */
export class Conflict extends DomainError {}

/** A document on disk cannot be used for what was asked: not JSON, not a valid plan, nothing to run. */
export class Unprocessable extends DomainError {}

/** Something planvas called on the request's behalf (a sub-agent) failed. */
export class UpstreamFailed extends DomainError {}

/** planvas cannot serve the request right now (it is shutting down). */
export class Unavailable extends DomainError {}

/**
 * The document is not at the revision the change was based on (If-Match), or it appeared while
 * it was being created. After a failed precondition the error carries the document's current
 * revision (`null`: it does not exist), so the client can reload and try again.
 */
export class StaleRevision extends DomainError {
  private constructor(
    message: string,
    details: ErrorDetail[],
    /** The document's revision now; undefined when the refusal does not say (a file that appeared). */
    readonly currentRevision: string | null | undefined,
  ) {
    super('stale_revision', message, details, currentRevision === undefined ? {} : { currentRevision });
  }

  /** The change's precondition (If-Match) does not hold for the revision the document is at. */
  static precondition(message: string, currentRevision: string | null): StaleRevision {
    return new StaleRevision(message, [{ path: 'If-Match', message }], currentRevision);
  }

  /** `file` was to be created (If-Match: "absent") and appeared meanwhile. */
  static appeared(file: string): StaleRevision {
    return new StaleRevision(messages.ifMatchAbsentButExists(file), [], undefined);
  }
}

export class InvalidWorkflowId extends InvalidInput {
  /** `detailPath`: where the id was in the request (`id` in the URL, `$.id` in a body); no detail without it. */
  constructor(id: string, reason: string, detailPath?: string) {
    super('invalid_workflow_id', messages.invalidWorkflowId(id, reason), detailPath === undefined ? [] : [{ path: detailPath, message: reason }]);
  }
}

/** A body that breaks its schema, one detail per problem (`$.steps[3].routes`); `what` names it in the message. */
export class SchemaViolation extends InvalidInput {
  constructor(what: string, details: ErrorDetail[]) {
    super('schema_violation', messages.schemaViolation(what), details);
  }
}

export class WorkflowNotFound extends NotFound {
  constructor(id: string) {
    super('workflow_not_found', messages.workflowNotFound(id));
  }
}

export class StepConfigAbsent extends NotFound {
  constructor(id: string) {
    super('step_config_absent', messages.stepConfigAbsent(id));
  }
}

export class WorkflowExists extends Conflict {
  constructor(id: string, message = messages.workflowExists(id)) {
    super('workflow_exists', message);
  }
}

/**
 * A workflow to be moved, copied or deleted is reached through a symbolic link, or holds one
 * where its files are copied from: planvas would act on whatever the link points to (perhaps
 * outside the root), so it acts on nothing. `path` is relative to the workspace root.
 */
export class LinkRefused extends Conflict {
  constructor(path: string) {
    super('workflow_is_link', messages.throughLink(path));
  }
}

/** A document that is not JSON at all; `currentRevision` lets a PUT replace it. */
export class UnreadableDocument extends Unprocessable {
  constructor(file: string, problem: ErrorDetail | undefined, currentRevision: string) {
    super('unreadable_document', messages.unreadableDocument(file), problem ? [problem] : [], { currentRevision });
  }
}

/** The change watcher has closed (the server is stopping): no new subscriptions. */
export class ShuttingDown extends Unavailable {
  constructor() {
    super('shutting_down', messages.watcherClosed);
  }
}
