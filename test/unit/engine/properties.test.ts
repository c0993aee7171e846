import * as assert from 'node:assert/strict';
import {
  applyMove,
  cardsOf,
  checkPosition,
  dealPosition,
  formatBoard,
  formatMove,
  isWon,
  legalMoves,
  parseBoard,
  performMove,
  samePosition,
  seededRandom,
  unapplyMove,
  REFUSAL_MESSAGES,
  VARIANTS,
  type Move,
  type MoveRequest,
  type PileKind,
  type Position,
} from '../../../src/engine';

const PLAYOUTS = 1000;
const MAX_MOVES = 24;

const key = (move: Move): string => `${move.count}:${move.from.kind}${move.from.index}-${move.to.kind}${move.to.index}`;

/** A request a careless or hostile caller might send: any pile kind, an index a little out of range, any small count. */
function randomRequest(position: Position, random: () => number): MoveRequest {
  const kinds: PileKind[] = ['tableau', 'cell', 'foundation'];
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const size = (kind: PileKind): number => (kind === 'tableau' ? position.columns.length : kind === 'cell' ? position.cells.length : 4);
  const fromKind = pick(kinds);
  const toKind = pick(kinds);
  const from = { kind: fromKind, index: Math.floor(random() * (size(fromKind) + 1)) };
  const count = random() < 0.6 ? 1 : 1 + Math.floor(random() * 6);
  if (toKind !== 'tableau' && random() < 0.3) return { from, to: { kind: toKind }, count };
  return { from, to: { kind: toKind, index: Math.floor(random() * (size(toKind) + 1)) }, count };
}

describe('engine properties over random playouts', function () {
  this.timeout(30000);
  for (const variant of VARIANTS) {
    it(`${variant.id}: ${PLAYOUTS} playouts keep every invariant`, () => {
      const random = seededRandom(variant.id.length * 7919 + 17);
      let steps = 0;
      for (let game = 0; game < PLAYOUTS; game++) {
        const dealt = dealPosition(variant.id, 1 + Math.floor(random() * 8_589_934_591));
        assert.ok(dealt.ok);
        let position = dealt.value;
        for (let step = 0; step < MAX_MOVES && !isWon(position); step++) {
          steps++;
          const cards = cardsOf(position);
          if (cards.length !== 52 || new Set(cards).size !== 52) assert.fail('always 52 distinct cards');
          if (step % 6 === 0) {
            assert.ok(checkPosition(position).ok);
            const text = formatBoard(position);
            const parsed = parseBoard(text, variant.id);
            if (!parsed.ok) assert.fail(`board text does not read back:\n${text}${JSON.stringify(parsed.refusal)}`);
            if (!samePosition(parsed.value, position)) assert.fail(`board text reads back differently:\n${text}`);
          }
          const moves = legalMoves(position);
          const listed = new Set(moves.map(key));
          assert.equal(listed.size, moves.length, 'no move listed twice');
          // Every listed move on even steps, two of them on odd ones (time: all engine tests stay under ~10 s).
          const checked = step % 2 === 0 ? moves : moves.filter(() => random() < 2 / moves.length);
          if (moves.some((move) => move.from.kind === 'foundation')) assert.fail('no move takes a card off a foundation');
          for (const move of checked) {
            const applied = applyMove(position, move);
            if (!applied.ok) assert.fail(`listed move ${formatMove(move, variant)} is refused: ${applied.refusal.code}`);
            if (key(applied.value.move) !== key(move)) assert.fail(`${formatMove(move, variant)} applies as another move`);
          }
          // Requests outside the list are refused; inside it they are accepted.
          for (let i = 0; i < 3; i++) {
            const request = randomRequest(position, random);
            const result = applyMove(position, request);
            if (!result.ok && !(result.refusal.code in REFUSAL_MESSAGES)) assert.fail(`no English sentence for ${result.refusal.code}`);
            if (result.ok ? !listed.has(key(result.value.move)) : request.to.index !== undefined && listed.has(key(request as Move))) {
              assert.fail(`${result.ok ? 'accepted but not listed' : 'listed but refused'}: ${JSON.stringify(request)}`);
            }
          }
          if (moves.length === 0) break;
          const home = moves.filter((move) => move.to.kind === 'foundation');
          // Lean towards progress (home, then builds) so playouts reach emptied columns and high foundations.
          const builds = moves.filter((move) => move.to.kind === 'tableau');
          const pool = home.length > 0 && random() < 0.6 ? home : builds.length > 0 && random() < 0.6 ? builds : moves;
          const move = pool[Math.floor(random() * pool.length)];
          const next = performMove(position, move);
          if (!samePosition(unapplyMove(next, move), position)) assert.fail('undo(apply(p, m)) differs from p');
          if (!next.foundations.every((pile, i) => pile.length >= position.foundations[i].length)) assert.fail('a foundation shrank');
          position = next;
        }
      }
      assert.ok(steps > PLAYOUTS);
    });
  }
});
