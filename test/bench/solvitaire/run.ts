/**
 * Runs Solvitaire over a range of our deals: one process (one core) for the whole range, each
 * deal in its own input file, with `--classify --streamliners smart-solvability`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dealPosition } from '../../../src/engine';
import { solvitaireDeal, solvitaireRules, type SolvitaireGame } from './convert';
import { runTimed } from './timed';

/** A verdict in our words: `unknown` is Solvitaire's time-out (or memory limit). */
export type PeerVerdict = 'solvable' | 'unsolvable' | 'unknown';

/** Solvitaire's verdict per deal and the wall-clock time of the whole process. */
export interface SolvitaireRun {
  readonly verdicts: Map<number, PeerVerdict>;
  readonly ms: number;
  /** CPU milliseconds of the process, when measured. */
  readonly cpuMs: number | undefined;
  /** The arguments it ran with, to print beside the figures. */
  readonly args: readonly string[];
}

/**
 * The `--timeout` that keeps a deal within `limitMs` in all: smart-solvability first searches
 * with its streamliners (unsound for proofs, so only a solution counts) for a tenth of the
 * timeout, then, unless solved, again without them for the whole timeout.
 */
export function solvitaireTimeout(limitMs: number): number {
  return Math.floor(limitMs / 1.1);
}

/** Deals `first`-`last` of `game` through Solvitaire, at most `limitMs` each; undefined (after saying why) when it fails. */
export function runSolvitaire(binary: string, game: SolvitaireGame, first: number, last: number, limitMs: number, log: (line: string) => void): SolvitaireRun | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'bakers-game-solvitaire-'));
  try {
    const rules = join(dir, 'rules.json');
    writeFileSync(rules, JSON.stringify(solvitaireRules(game)));
    const files: string[] = [];
    for (let n = first; n <= last; n++) {
      const dealt = dealPosition(game, n);
      if (!dealt.ok) throw new Error(`${game} deal ${n}`);
      const file = join(dir, `${n}.json`);
      writeFileSync(file, JSON.stringify(solvitaireDeal(dealt.value)));
      files.push(file);
    }
    const args = ['--custom-rules', rules, '--classify', '--streamliners', 'smart-solvability', '--timeout', String(solvitaireTimeout(limitMs))];
    const result = runTimed(binary, [...args, ...files]);
    // One line per deal on stdout, in order; the last field is the overall outcome.
    const lines = result.stdout.split('\n').filter((line) => line.startsWith(','));
    if (result.error || result.status !== 0 || lines.length !== files.length || /\[error\]/.test(result.stderr)) {
      log(`Solvitaire failed (${lines.length} of ${files.length} answers): ${result.error?.message ?? result.stderr.slice(-2000)}`);
      return undefined;
    }
    const verdicts = new Map<number, PeerVerdict>();
    lines.forEach((line, k) => {
      const outcome = line.split(',').pop()!.trim();
      verdicts.set(first + k, outcome === 'solved' ? 'solvable' : outcome === 'unsolvable' ? 'unsolvable' : 'unknown');
    });
    return { verdicts, ms: result.ms, cpuMs: result.cpuMs, args: args.map((arg) => (arg === rules ? 'RULES.json' : arg)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
