/**
 * What a learn_code script inherits from planvas' environment: only what any program needs to
 * start and behave (the command search path, home and user, locale, time zone, temp folder, and
 * Windows' system variables). Everything else stays in planvas: the access token
 * (`PLANVAS_TOKEN`), every other `PLANVAS_*` setting, provider keys (`OPENAI_API_KEY`,
 * `*_API_KEY`, cloud and database credentials), because a script is code from the workspace and
 * gets only what its job needs. No step_config field asks for more, so nothing else is passed.
 */
const PASSED_NAMES = new Set([
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LANGUAGE',
  'TZ',
  'TMPDIR',
  'TMP',
  'TEMP',
  // Windows: without these a program often cannot start or find its profile.
  'SYSTEMROOT',
  'WINDIR',
  'COMSPEC',
  'PATHEXT',
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
]);

/** Locale categories (`LC_ALL`, `LC_CTYPE`, …) decide how text is read and printed. */
const PASSED_PREFIX = 'LC_';

/** What a script is told by planvas itself: its callback, its run and its working folder. */
export interface LearnCodeRunEnv {
  MCP_API_URL: string;
  PLANVAS_RUN_ID: string;
  PLANVAS_EXECUTION_DIR: string;
}

export function learnCodeEnv(parent: NodeJS.ProcessEnv, run: LearnCodeRunEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(parent)) {
    if (value === undefined) continue;
    // Windows spells these in any case (Path, SystemRoot); POSIX names are upper case anyway.
    const upper = name.toUpperCase();
    if (PASSED_NAMES.has(upper) || upper.startsWith(PASSED_PREFIX)) env[name] = value;
  }
  return { ...env, ...run };
}
