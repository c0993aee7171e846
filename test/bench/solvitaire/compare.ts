/**
 * Our solver against Solvitaire on the same deals of Baker's Dozen, Good Measure or Spanish
 * Patience, one core each, and the recording of Solvitaire's verdicts for the unit tests.
 *   npm run bench:solver -- --variant bakers-dozen --deals 1-200 [--limit-seconds 10]
 *     [--solvitaire-only] [--record-verdicts] [--solvitaire-src DIR]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureSolvitaire, SOLVITAIRE_COMMIT } from './build';
import type { SolvitaireGame } from './convert';
import { runOurCli } from './ours';
import { runSolvitaire, type PeerVerdict } from './run';
import { formatTimes } from './timed';

/** What the comparison needs to know. */
export interface CompareOptions {
  readonly root: string;
  readonly game: SolvitaireGame;
  readonly first: number;
  readonly last: number;
  readonly limitSeconds: number;
  /** Skip our side (to record Solvitaire's verdicts only). */
  readonly solvitaireOnly: boolean;
  /** Write Solvitaire's decided verdicts of the range into {@link VERDICTS_FILE}. */
  readonly record: boolean;
  readonly source: string | undefined;
  /** Node and its options, then the CLI, as the CLI's bin runs. */
  readonly node: readonly string[];
  readonly cli: string;
}

/** Where the recorded verdicts live, from the repository root. */
export const VERDICTS_FILE = 'test/unit/solver/data/solvitaire-verdicts.json';

/** The recorded file: Solvitaire's decided verdicts per game and deal. */
export interface VerdictsFile {
  about: string;
  solvitaire: string;
  limitSeconds: number;
  verdicts: Record<string, Record<string, 'solvable' | 'unsolvable'>>;
}

const say = (line: string): void => void process.stdout.write(`${line}\n`);

function counts(verdicts: ReadonlyMap<number, PeerVerdict>): string {
  const of = (verdict: PeerVerdict): number => [...verdicts.values()].filter((v) => v === verdict).length;
  return `${of('solvable')} winnable, ${of('unsolvable')} not winnable, ${of('unknown')} undecided`;
}

const undecided = (verdicts: ReadonlyMap<number, PeerVerdict>): number[] => [...verdicts].filter(([, v]) => v === 'unknown').map(([n]) => n);

/** Merges the range's decided verdicts of one game into the recorded file. */
function record(root: string, game: SolvitaireGame, first: number, last: number, limitSeconds: number, verdicts: ReadonlyMap<number, PeerVerdict>): void {
  const path = join(root, VERDICTS_FILE);
  const file: VerdictsFile = existsSync(path)
    ? (JSON.parse(readFileSync(path, 'utf8')) as VerdictsFile)
    : { about: '', solvitaire: '', limitSeconds, verdicts: {} };
  file.about =
    "Solvitaire's verdicts on our deals (decided ones only), checked against our solver by solvitaireVerdicts.test.ts. " +
    'Regenerate per game: npm run bench:solver -- --variant <game> --deals 1-300 --solvitaire-only --record-verdicts';
  file.solvitaire = `github.com/thecharlieblake/Solvitaire ${SOLVITAIRE_COMMIT} with test/bench/solvitaire/*.patch, --streamliners smart-solvability`;
  file.limitSeconds = limitSeconds;
  const old = file.verdicts[game] ?? {};
  const merged = new Map<number, 'solvable' | 'unsolvable'>(
    Object.entries(old)
      .map(([n, v]) => [Number(n), v] as const)
      .filter(([n]) => n < first || n > last),
  );
  for (const [n, verdict] of verdicts) if (verdict !== 'unknown') merged.set(n, verdict);
  file.verdicts[game] = Object.fromEntries([...merged].sort(([a], [b]) => a - b).map(([n, v]) => [String(n), v]));
  writeFileSync(path, JSON.stringify(file, null, 1) + '\n');
  say(`recorded ${[...verdicts.values()].filter((v) => v !== 'unknown').length} decided verdicts of ${game} ${first}-${last} in ${VERDICTS_FILE}`);
}

/** Runs both solvers (or Solvitaire alone), prints the figures; the process's exit code (1 when a verdict differs or a run failed). */
export function compareWithSolvitaire(options: CompareOptions): number {
  const { root, game, first, last, limitSeconds } = options;
  const binary = ensureSolvitaire(root, options.source, say);
  if (!binary) return 1;
  say(
    `solver benchmark: ${game}, deals ${first}-${last}, at most ${limitSeconds} s per deal each; ONE core each: ` +
      `our CLI with --jobs 1 and one Solvitaire process over the whole range, one run each, timed from outside`,
  );
  const theirs = runSolvitaire(binary, game, first, last, limitSeconds * 1000, say);
  if (!theirs) return 1;
  say(`Solvitaire (${theirs.args.join(' ')}): ${counts(theirs.verdicts)}; ${formatTimes(theirs)}`);
  if (options.record) record(root, game, first, last, limitSeconds, theirs.verdicts);
  if (options.solvitaireOnly) return 0;

  const ours = runOurCli(options.node, options.cli, game, first, last, limitSeconds, say);
  if (!ours) return 1;
  say(`ours (bakers-game ${ours.args.join(' ')}): ${counts(ours.verdicts)}; ${formatTimes(ours)}`);

  const differ: string[] = [];
  for (let n = first; n <= last; n++) {
    const [a, b] = [ours.verdicts.get(n), theirs.verdicts.get(n)];
    if ((a === 'solvable' && b === 'unsolvable') || (a === 'unsolvable' && b === 'solvable')) differ.push(`${n} (ours ${a}, Solvitaire ${b})`);
  }
  say(`disagreements (one says winnable, the other not): ${differ.length}${differ.length ? ` — ${differ.join(', ')}` : ''}`);
  const ourOpen = undecided(ours.verdicts);
  const theirOpen = undecided(theirs.verdicts);
  say(`undecided by ours (${ourOpen.length}): ${ourOpen.join(' ') || '-'}`);
  say(`undecided by Solvitaire (${theirOpen.length}): ${theirOpen.join(' ') || '-'}`);
  say(`decided by ours only: ${theirOpen.filter((n) => ours.verdicts.get(n) !== 'unknown').length}; by Solvitaire only: ${ourOpen.filter((n) => theirs.verdicts.get(n) !== 'unknown').length}`);
  const cpu = ours.cpuMs !== undefined && theirs.cpuMs !== undefined ? `; CPU time ${(ours.cpuMs / theirs.cpuMs).toFixed(2)}` : '';
  // Solvitaire's time limit is wall-clock, ours (--max-nodes) a count of positions: on a busy
  // machine Solvitaire gets less CPU time per deal, and the ratio of CPU times says how much.
  say(`ratio ours/Solvitaire, whole run, ONE core each: wall-clock ${(ours.ms / theirs.ms).toFixed(2)}${cpu}`);
  return differ.length > 0 ? 1 : 0;
}
