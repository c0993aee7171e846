/** What a command may touch, so that tests can run commands without a process. */
export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** The whole of standard input. */
  readonly readStdin: () => string;
  /** The text of a file named on the command line. */
  readonly readFile: (path: string) => string;
}

/** Bad usage: the message goes to stderr with the usage text, and the exit code is 2. */
export class UsageError extends Error {}

/** Splits `--name value` options from positional arguments; only the names in `known` are allowed. */
export function parseOptions(args: readonly string[], known: readonly string[]): { options: Map<string, string>; positional: string[] } {
  const options = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (!known.includes(name)) throw new UsageError(`unknown option --${name}`);
    if (options.has(name)) throw new UsageError(`--${name} given twice`);
    const value = inline ?? args[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    options.set(name, value);
  }
  return { options, positional };
}
