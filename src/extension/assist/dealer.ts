import type { Game } from '../../engine';
import { randomGameFactory } from '../gameFactory';
import type { Settings } from '../settings';
import type { SolverService } from './solverService';

import { WINNABLE_CHECK_BUDGET } from './budgets';
const MAX_CANDIDATES = 25;

/** A new deal, and whether the solver proved it winnable. */
export interface DealtGame {
  readonly game: Game;
  readonly provedWinnable: boolean;
}

/**
 * Deals a new game. With "winnable deals only" it draws random deal numbers until the solver
 * proves one winnable (unknowns are skipped, not guessed); after many tries it deals the last
 * one and says it is unproved.
 */
export async function dealNewGame(variant: string, settings: Settings & { winnableOnly: boolean }, solver: SolverService): Promise<DealtGame> {
  let game = randomGameFactory.randomGame(variant, settings);
  if (!settings.winnableOnly) return { game, provedWinnable: false };
  for (let tries = 1; ; tries++) {
    const answer = await solver.solve(game.position, WINNABLE_CHECK_BUDGET, { shorten: false });
    if (answer.verdict === 'solvable') return { game, provedWinnable: true };
    if (tries >= MAX_CANDIDATES) return { game, provedWinnable: false };
    game = randomGameFactory.randomGame(variant, settings);
  }
}
