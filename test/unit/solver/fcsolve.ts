import { spawnSync } from 'node:child_process';

const MISSING = "fc-solve's freecell-solver-range-parallel-solve is missing: install Debian's freecell-solver-bin (apt-get install freecell-solver-bin)";

/**
 * Deals in A..B that fc-solve reports as not solved ("Unsolved Board No. N"; "Intractable" too,
 * reported separately) with the given preset arguments. Throws (never skips) when fc-solve is missing.
 */
export function fcSolveUnsolved(first: number, last: number, args: readonly string[]): { unsolved: Set<number>; intractable: Set<number> } {
  const run = spawnSync('freecell-solver-range-parallel-solve', [String(first), String(last), '1000', ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error || run.status === null) throw new Error(`${MISSING} (${run.error?.message ?? 'no exit status'})`);
  if (run.status !== 0) throw new Error(`fc-solve failed with status ${run.status}: ${run.stderr}`);
  const unsolved = new Set<number>();
  const intractable = new Set<number>();
  for (const line of run.stdout.split('\n')) {
    const match = /^(Unsolved|Intractable) Board No\. (\d+)/.exec(line);
    if (match) (match[1] === 'Unsolved' ? unsolved : intractable).add(Number(match[2]));
  }
  return { unsolved, intractable };
}

/**
 * fc-solve's verdict on one board (fc-solve's board text, as `bakers-game deal` prints it) with
 * the given preset arguments: for games whose deals fc-solve's range solver cannot deal itself.
 */
export function fcSolveBoard(board: string, args: readonly string[]): 'solved' | 'unsolved' | 'intractable' {
  const run = spawnSync('fc-solve', [...args], {
    input: board,
    encoding: 'utf8',
    env: { ...process.env, FREECELL_SOLVER_QUIET: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error || run.status === null) throw new Error(`${MISSING.replace('freecell-solver-range-parallel-solve', 'fc-solve')} (${run.error?.message ?? 'no exit status'})`);
  if (/This game is solveable/.test(run.stdout)) return 'solved';
  if (/I could not solve this game/.test(run.stdout)) return 'unsolved';
  return 'intractable';
}
