import { parseArgs } from 'node:util';

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

/** The options a command takes: each a value (`--name value`, `--name=value`) or a flag. */
export type OptionSpec = Readonly<Record<string, { readonly type: 'string' | 'boolean'; readonly help: string }>>;

/** What {@link parseOptions} read: option values by name, the flags given, and the rest. */
export interface ParsedOptions {
  readonly options: Map<string, string>;
  readonly flags: Set<string>;
  readonly positional: string[];
}

/**
 * Reads a command's options with Node's own `util.parseArgs` (strict: an option not in `spec`
 * is an error), and says plainly what is wrong: an unknown option, a value missing, an option
 * given twice (parseArgs would silently keep the last).
 */
export function parseOptions(args: readonly string[], spec: OptionSpec): ParsedOptions {
  const config = Object.fromEntries(Object.entries(spec).map(([name, { type }]) => [name, { type }]));
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...args], options: config, strict: true, allowPositionals: true, tokens: true });
  } catch (error) {
    throw new UsageError(usageMessage(error, args, spec));
  }
  const options = new Map<string, string>();
  const flags = new Set<string>();
  for (const token of parsed.tokens ?? []) {
    if (token.kind !== 'option') continue;
    if (options.has(token.name) || flags.has(token.name)) throw new UsageError(`--${token.name} given twice`);
    if (typeof token.value === 'string') options.set(token.name, token.value);
    else flags.add(token.name);
  }
  return { options, flags, positional: parsed.positionals };
}

/** parseArgs's error, in the words the tool has always used. */
function usageMessage(error: unknown, args: readonly string[], spec: OptionSpec): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const unknown = args.find((arg) => arg.startsWith('-') && !(arg.replace(/^--?/, '').split('=')[0] in spec));
    return `unknown option ${unknown?.split('=')[0] ?? ''}`.trim();
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const name = Object.keys(spec).find((candidate) => (error as Error).message.includes(`--${candidate}`));
    if (name && spec[name]?.type === 'string') return `--${name} needs a value`;
    if (name) return `--${name} takes no value`;
  }
  return (error as Error).message;
}

/** The help of one command: its usage line, what it does, and each option (and `--help`). */
export function commandHelp(usage: string, summary: string, spec: OptionSpec): string {
  const rows: [string, string][] = Object.entries(spec).map(([option, { type, help }]) => [`--${option}${type === 'string' ? ' <value>' : ''}`, help]);
  rows.push(['--help, -h', 'print this help']);
  const width = Math.max(...rows.map(([left]) => left.length));
  const lines = rows.map(([left, help]) => `  ${left.padEnd(width)}  ${help}`);
  return `usage: bakers-game ${usage}\n\n${summary}\n\noptions:\n${lines.join('\n')}\n`;
}
