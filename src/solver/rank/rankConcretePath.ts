/**
 * A win found by components with deferred pairings (rankComponents.ts), turned into boards that
 * follow each other by real moves.
 *
 * With deferred pairings, a component on the winning path stands for the components of every
 * pairing its deferred cards can still have, and the board the search loaded for it is just one
 * of them: the boards of two steps in a row need not follow each other (a deferred card may sit
 * on one parent in the first and on another in the second, with no move between). But each
 * component of the path is exactly the union, over the components of the one before, of the
 * components the same way out leads to, so every component it stands for is reached from the
 * root through components the path stands for. This search walks the path again without
 * deferred pairings: from each board it takes every way out, keeps the boards whose component the
 * next step of the path stands for (it agrees with the step's component key on every card that
 * key does not leave free), and goes on depth first until the won board.
 */
import { IntStack } from '../intStack';
import { CODE_HOME, RankBoard } from './rankBoard';
import { ComponentExpander, FREE, codeOf } from './rankComponents';
import { RankKeySet } from './rankKeySet';

const W = 5;

/**
 * Whether component key `comp` (words `at…`) is one of those component key `step` (words
 * `stepAt…`) stands for: the same code for every card, but that a card `step` leaves free (loose,
 * on any parent) may be loose on any parent in `comp`.
 */
export function standsFor(step: Uint32Array, stepAt: number, comp: Uint32Array, at: number): boolean {
  for (let card = 0; card < 52; card++) {
    const wanted = codeOf(step, stepAt, card);
    const got = codeOf(comp, at, card);
    if (wanted === got) continue;
    if (wanted !== FREE || got === 0 || got === CODE_HOME) return false;
  }
  return true;
}

/**
 * The exact keys of boards from the root's (first) to a won board (last), one a step of `steps`
 * (the component keys of the path, five words each, the root's first and the won one last), each
 * reached from the one before by moves between columns and one way out; undefined when more than
 * `maxComponents` components were looked at first.
 */
export function concretePath(
  columns: readonly (readonly number[])[],
  foundations: readonly (readonly number[])[],
  steps: Uint32Array,
  loneCards: boolean,
  maxComponents: number,
): Uint32Array[] | undefined {
  const root = new RankBoard(columns, foundations, false);
  const work = new RankBoard(columns, foundations, false);
  const ex = new ComponentExpander(root);
  ex.loneCards = loneCards;
  const seen = new RankKeySet(12);
  ex.seenSet = seen;
  const last = steps.length / W - 1;
  const path: Uint32Array[] = [root.key.slice()];
  const comp = new Uint32Array(W);
  ex.load(root.key, 0, work);
  ex.componentKey(comp);
  if (!standsFor(steps, 0, comp, 0)) return undefined;
  seen.add(comp);
  let looked = 0;
  const walk = (depth: number): boolean => {
    if (depth === last) return true;
    if (++looked > maxComponents) return false;
    ex.load(path[depth], 0, work);
    const listed = new IntStack();
    ex.exits(work, (card, toHome) => ex.expandExit(card, toHome, listed));
    const keys = listed.toArray();
    for (let at = 0; at < keys.length; at += 2 * W) {
      for (let i = 0; i < W; i++) comp[i] = keys[at + W + i];
      if (!standsFor(steps, (depth + 1) * W, comp, 0) || !seen.add(comp)) continue;
      path[depth + 1] = Uint32Array.from(keys.slice(at, at + W));
      if (walk(depth + 1)) return true;
      if (looked > maxComponents) return false;
    }
    return false;
  };
  if (!walk(0)) return undefined;
  path.length = last + 1;
  return path;
}
