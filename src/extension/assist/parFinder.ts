import type * as vscode from 'vscode';
import type { BoardView } from '../../protocol/webviewMessages';
import type { BoardController } from '../boardController';
import type { GameSession } from '../gameSession';
import { playerMoveCountSteps } from '../review/playerMoves';
import { runInSlices } from '../review/sliced';
import { PAR_BUDGET } from './budgets';
import type { SolverService } from './solverService';

/** What is known of a deal's par. */
export interface Par {
  /** The shortest solution the solver found from the deal's start, in the player's moves. */
  readonly moves: number;
  /** Whether it is a proved minimum; the solver does not prove minimality, so false for now. */
  readonly proved: boolean;
}

/**
 * Looks for each new deal's par in the background: when a game starts, one search from its
 * start position in the background solver (its own worker, so Hint and the badge never wait for
 * it), cancelled when another deal comes first. The board shows "Par N" once it is known and
 * nothing before; the board never waits for it.
 */
export class ParFinder implements vscode.Disposable {
  private readonly pars = new Map<string, Par | 'none'>();
  private searching: { id: string; abort: AbortController } | undefined;
  private readonly subscription: vscode.Disposable;
  private done: Promise<void> = Promise.resolve();

  constructor(
    private readonly controller: BoardController,
    private readonly solver: SolverService,
  ) {
    controller.addViewDecorator((session) => this.viewParts(session));
    this.subscription = controller.onDidChangePosition((session) => this.look(session));
  }

  /** The par of game `id`, when found. */
  parOf(id: string): Par | undefined {
    const par = this.pars.get(id);
    return par === 'none' ? undefined : par;
  }

  /** Resolves when the search under way (if any) has ended (tests and figures). */
  settled(): Promise<void> {
    return this.done;
  }

  private look(session: GameSession): void {
    const id = session.id;
    if (this.pars.has(id) || this.searching?.id === id) return;
    this.searching?.abort.abort();
    const abort = new AbortController();
    this.searching = { id, abort };
    const { start, autoplay } = session.game;
    this.done = this.solver.solve(start, PAR_BUDGET, { signal: abort.signal, shorten: true }).then(async (answer) => {
      if (answer.reason === 'cancelled') {
        if (this.searching?.id === id) this.searching = undefined;
        return;
      }
      // Counted in slices, so that the host's event loop never waits for it.
      const moves = answer.verdict === 'solvable' ? await runInSlices(playerMoveCountSteps(start, answer.moves, autoplay)) : undefined;
      if (this.searching?.id === id) this.searching = undefined;
      this.pars.set(id, moves === undefined ? 'none' : { moves, proved: false });
      if (this.controller.currentSession?.id === id) this.controller.redraw();
    });
  }

  private viewParts(session: GameSession): Partial<BoardView> {
    const par = this.parOf(session.id);
    return par ? { par: par.moves } : {};
  }

  dispose(): void {
    this.searching?.abort.abort();
    this.subscription.dispose();
  }
}
