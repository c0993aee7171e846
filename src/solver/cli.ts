/**
 * The `bakers-game` command-line tool. Each subcommand is a row of {@link COMMANDS}; a new one
 * (e.g. `solve`) is a new row, with its own file under `cli/`.
 */
import { readFileSync } from 'node:fs';
import { dealCommand, replayCommand, variantsCommand, type Command } from './cli/commands';
import { commandHelp, UsageError, type CliIo } from './cli/io';
import { solveCommand } from './cli/solve';

/** Characters of standard output held back at most before they are written (see the entry point below). */
const OUT_BATCH = 1 << 16;

/** Every subcommand, in the order the usage text lists them. */
export const COMMANDS: readonly Command[] = [dealCommand, variantsCommand, replayCommand, solveCommand];

/** The usage text printed with exit code 2 on bad usage, and by `help`. */
export function usageText(): string {
  const lines = COMMANDS.map((command) => `  bakers-game ${command.usage}\n      ${command.summary}`);
  return `usage:\n${lines.join('\n')}\n  bakers-game help\n`;
}

/** Runs the tool on `args` (without `node` and the script) and returns the exit code (a promise of it for work on several threads). */
export function main(args: readonly string[], io: CliIo): number | Promise<number> {
  const [name, ...rest] = args;
  if (name === 'help' || name === '--help' || name === '-h') {
    io.out(usageText());
    return 0;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  const usage = (error: unknown): number => {
    if (error instanceof UsageError) {
      io.err(`bakers-game: ${error.message}\n${usageText()}`);
      return 2;
    }
    throw error;
  };
  try {
    if (!command) throw new UsageError(name === undefined ? 'no command given' : `unknown command "${name}"`);
    if (rest.includes('--help') || rest.includes('-h')) {
      io.out(commandHelp(command.usage, command.summary, command.options));
      return 0;
    }
    const code = command.run(rest, io);
    return typeof code === 'number' ? code : code.catch(usage);
  } catch (error) {
    return usage(error);
  }
}

if (require.main === module) {
  // A reader that stops early (`| head`) closes the pipe: stop quietly, as other tools do.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0);
  });
  // Standard output is written in batches: one write (a system call on a pipe or a file) per
  // row cost the command's thread about 2% of its time over Baker's Game 1-1000. Rows wait at
  // most until this thread's event loop next runs (a range of deals lets it run every 50 ms, see
  // pool.ts) or until a batch is full, and whatever waits goes out before any error text.
  let pending = '';
  let flushQueued = false;
  const flush = (): void => {
    flushQueued = false;
    if (pending === '') return;
    const text = pending;
    pending = '';
    process.stdout.write(text);
  };
  const io: CliIo = {
    out: (text) => {
      pending += text;
      if (pending.length >= OUT_BATCH) flush();
      else if (!flushQueued) {
        flushQueued = true;
        setImmediate(flush);
      }
    },
    err: (text) => {
      flush();
      process.stderr.write(text);
    },
    readStdin: () => readFileSync(0, 'utf8'),
    readFile: (path) => readFileSync(path, 'utf8'),
  };
  let code: number | Promise<number>;
  try {
    code = main(process.argv.slice(2), io);
  } catch (error) {
    // What was printed before the failure still goes out.
    flush();
    throw error;
  }
  if (typeof code === 'number') process.exitCode = code;
  else
    code.then(
      (value) => (process.exitCode = value),
      (error: unknown) => {
        io.err(`bakers-game: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
        process.exitCode = 1;
      },
    );
}
