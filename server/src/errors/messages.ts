const quote = (s: string) => JSON.stringify(s);

/** Every message the server writes to a user, in one place so the wording stays consistent. */
export const messages = {
  invalidWorkflowId: (id: string, reason: string) => `Invalid workflow id ${quote(id)}: ${reason}`,
  workflowNotFound: (id: string) => `No workflow ${quote(id)} in this workspace (a workflow is a folder with planning/plan.json)`,
  workflowExists: (id: string) => `Workflow ${quote(id)} already exists`,
  stepConfigAbsent: (id: string) => `Workflow ${quote(id)} has no planning/step_config.json; create it with PUT and the header If-Match: "absent"`,
  unreadableDocument: (file: string) => `${file} cannot be read as JSON; fix the file or replace it with a PUT`,
  notUtf8: 'The file is not valid UTF-8 text',
  ifMatchMissing: 'This request must carry an If-Match header with the revision (ETag) the change is based on',
  ifMatchStale: (file: string) => `${file} has changed since the revision in If-Match; reload it and apply the change again`,
  ifMatchAbsentButExists: (file: string) => `${file} already exists; use its current revision in If-Match`,
  ifMatchButAbsent: (file: string) => `${file} does not exist; use If-Match: "absent" to create it`,
  schemaViolation: (what: string) => `The ${what} does not match the schema; nothing was written`,
  bodyMissing: 'The request needs a JSON body',
  requestPartInvalid: (part: string) => `The request ${part} does not match what this route takes`,
  malformedJson: 'The request body is not valid JSON',
  bodyNotUtf8: 'The request body is not valid UTF-8 text',
  bodyTooDeep: (limit: number) => `The request body is nested more than ${limit} levels deep, deeper than planvas reads or writes`,
  bodyNotObject: 'The request body must be a JSON object',
  planInvalidForMigration: 'plan.json does not match the schema; fix it before migrating',
  notFoundRoute: (method: string, url: string) => `No route ${method} ${url}`,
  hostNotAllowed: (host: string) => `Host ${quote(host)} is not allowed: planvas answers only local names (127.0.0.1, localhost, [::1]) to block DNS rebinding`,
  originNotAllowed: (origin: string) => `Origin ${quote(origin)} may not change anything here (cross-site request refused)`,
  tokenRequired: 'This planvas server requires an access token: send Authorization: Bearer <token> (or ?token= for EventSource)',
  tokenWrong: 'The access token is wrong',
  internal: 'Internal server error',
  payloadTooLarge: (limit: number) => `The request body is larger than the limit of ${limit} bytes`,
  unsupportedMediaType: (type: string | undefined) => `Unsupported content type ${type ? quote(type) : '(none)'}: send application/json`,
  notAcceptableEventStream: 'This endpoint streams Server-Sent Events: send Accept: text/event-stream',
  invalidClientId: 'X-Planvas-Client must be 1 to 128 letters, digits or . _ : -',
  watcherClosed: 'planvas is shutting down; reconnect in a moment',
  hostNotAllowedHere: (host: string) =>
    `Host ${quote(host)} is not allowed: planvas answers only its own names (127.0.0.1, localhost, [::1], the address it listens on, ` +
    `and names given with --allowed-host or PLANVAS_ALLOWED_HOSTS) to block DNS rebinding`,
  duplicateHost: 'The request has more than one Host header',
  badRequestTarget: (reason: string) => `The request target cannot be used: ${reason}`,
  tokenOnlyInHeader: 'This planvas server requires an access token: send Authorization: Bearer <token> (?token= is accepted on event streams only)',
  requestTimeout: (ms: number) => `The request was not received in full within ${ms / 1000} s; the connection is closed`,
  headerTooLarge: 'The request headers are larger than this server accepts',
  malformedRequest: 'The request is not well-formed HTTP/1.1',
  runFolderNotWorkflow: (folder: string) =>
    `it goes through ${quote(`${folder}/`)}, a run folder (runs/, logs/, learnings/ and execution/ hold what runs write), which never holds a workflow`,
  outputOutsideExecution: (file: string, reason: string) =>
    `context_output ${quote(file)} was not written: ${reason}; outputs are written only inside the run's execution folder`,
  learnCodeScriptRefused: (script: string, reason: string) => `learn_code script ${script} was not started: ${reason}`,
  stepIdNotFolderName: (stepId: string) =>
    `step id ${quote(stepId)} is not a single folder name, so its todos.json would be written outside the run's execution folder; the step was not run`,
  pathOutsideWorkspace: (path: string) =>
    `Run data at ${quote(path)} is a symbolic link or leads outside the workspace; planvas neither reads nor writes run data through it (replace the link with a folder or file)`,
  tooManyViewers: (limit: number) => `This planvas server already serves ${limit} live streams; close one (another tab or window) or try again later`,
  tooManyRunViewers: (limit: number) => `This run already has ${limit} live viewers; close one or try again later`,
  workspaceNotWritable: (folder: string | undefined, reason: string) =>
    `planvas cannot write ${folder ? `in ${quote(folder)} of the workspace` : 'in the workspace'} (${reason}); the change was not saved. Make the folder writable for the user planvas runs as, then save again`,
  dataFolderNotWritable: (reason: string) =>
    `planvas cannot write its data folder (${reason}); the change was not saved. Make the folder writable for the user planvas runs as, or start planvas with another --data-dir`,
  folderExists: (id: string) => `${quote(id)} already exists in the workspace; choose an id that names no folder or file yet`,
  throughLink: (path: string) =>
    `${quote(path)} is a symbolic link; planvas moves, copies and deletes workflows only as real folders and files, never through a link (use the folder's own id, or replace the link with what it points to)`,
  otherDevice: (newId: string) =>
    `${quote(newId)} is on another disk than the workflow (a mount inside the workspace); planvas moves a workflow only within one disk: duplicate it there and delete the original instead`,
  moveIntoItself: (id: string, newId: string) => `Workflow ${quote(id)} cannot be moved to ${quote(newId)}: that lies inside its own folder`,
  targetInRunFolder: (newId: string, folder: string) =>
    `${quote(newId)} leads through a symbolic link into ${quote(`${folder}/`)}, a run folder of a workflow (what runs write); a workflow is never put there`,
  holdsWorkflows: (id: string, nested: ReadonlyArray<string>) =>
    `Workflow ${quote(id)} holds other workflows in its folder (${nested.map(quote).join(', ')}); move or delete them first`,
  diskFull: 'There is no space left on the disk (or the disk quota is used up); the change was not saved. Free some space, then save again',
} as const;
