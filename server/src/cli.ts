import { CommandError, MIGRATE_USAGE, runMigrate, type CommandIo } from './cli/migrate-command';
import { WORKER_USAGE, runWorker } from './cli/worker-command';

const USAGE = `usage: pnpm planvas <command>

commands:
  migrate <plan.json | workflow folder> [--dry-run]   write legacy nested todo_task plans in the flat format
  worker --database-url URL --workspace DIR         drive queued runs of a team (docs/team.md)`;

// `pnpm planvas migrate x | head` closes stdout early; that is not an error of the command.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

/**
 * `pnpm planvas ...` runs this through `pnpm --filter @planvas/server cli`, i.e. inside server/.
 * pnpm sets INIT_CWD to the folder the command was started from (the repository root when run
 * through the root script), so relative paths resolve from there rather than from server/.
 */
async function main(argv: string[]): Promise<number> {
  const args = argv.filter((a, i) => !(a === '--' && i === 0));
  const io: CommandIo = {
    cwd: process.env.INIT_CWD ?? process.cwd(),
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  };
  const [command, ...rest] = args;
  try {
    switch (command) {
      case 'migrate':
        if (rest.includes('--help') || rest.includes('-h')) {
          io.out(MIGRATE_USAGE);
          return 0;
        }
        await runMigrate(rest, io);
        return 0;
      case 'worker':
        if (rest.includes('--help') || rest.includes('-h')) {
          io.out(WORKER_USAGE);
          return 0;
        }
        await runWorker(rest, io);
        return 0;
      case undefined:
        io.err(USAGE);
        return 2;
      case 'help':
      case '--help':
      case '-h':
        io.out(USAGE);
        return 0;
      default:
        io.err(`planvas: unknown command "${command}"\n\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof CommandError) {
      io.err(`planvas ${command}: error: ${error.message}`);
      for (const line of error.lines) io.err(line);
      return error.exitCode;
    }
    io.err(`planvas ${command}: error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
