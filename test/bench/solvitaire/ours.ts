/**
 * Our CLI over a range of deals on one thread (`--jobs 1`), as a user runs it, timed from outside.
 */
import { spawnSync } from 'node:child_process';
import type { PeerVerdict } from './run';
import { runTimed } from './timed';

/**
 * Positions our solver visits in a second on rank-built games on the 2-core benchmark machine
 * (Baker's Dozen deals whose search runs out: 4.4 million positions in 26-30 s), to turn a time
 * limit into `--max-nodes` while the CLI has no time limit of its own.
 */
export const NODES_PER_SECOND = 150_000;

/**
 * The CLI's options for a limit of `limitSeconds` per deal: `--max-seconds` when the CLI has it,
 * otherwise the positions it visits in that time (`--max-nodes`, see {@link NODES_PER_SECOND}).
 */
export function ourLimitOptions(help: string, limitSeconds: number): string[] {
  if (/--max-seconds\b/.test(help)) return ['--max-seconds', String(limitSeconds)];
  return ['--max-nodes', String(Math.round(limitSeconds * NODES_PER_SECOND))];
}

/** Our verdict per deal and the wall-clock time of the whole process. */
export interface OurRun {
  readonly verdicts: Map<number, PeerVerdict>;
  readonly ms: number;
  /** CPU milliseconds of the process, when measured. */
  readonly cpuMs: number | undefined;
  readonly args: readonly string[];
}

/** `bakers-game solve --deals first-last --jobs 1` with a limit per deal; undefined (after saying why) when it fails. */
export function runOurCli(
  node: readonly string[],
  cli: string,
  variant: string,
  first: number,
  last: number,
  limitSeconds: number,
  log: (line: string) => void,
): OurRun | undefined {
  const help = spawnSync(node[0], [...node.slice(1), cli, 'solve', '--help'], { encoding: 'utf8' }).stdout;
  const args = ['solve', '--variant', variant, '--deals', `${first}-${last}`, '--format', 'json', '--jobs', '1', ...ourLimitOptions(help, limitSeconds)];
  const result = runTimed(node[0], [...node.slice(1), cli, ...args]);
  if (result.error || result.status !== 0) {
    log(`our CLI failed: ${result.error?.message ?? result.stderr}`);
    return undefined;
  }
  const verdicts = new Map<number, PeerVerdict>();
  for (const text of result.stdout.trim().split('\n')) {
    const record = JSON.parse(text) as { deal?: number; verdict?: PeerVerdict };
    if (typeof record.deal === 'number' && record.verdict) verdicts.set(record.deal, record.verdict);
  }
  return { verdicts, ms: result.ms, cpuMs: result.cpuMs, args };
}
