/**
 * Random playouts over several variants; prints legal-move generation plus move application
 * throughput. Figures only, no assertions: `npm run bench:engine`.
 */
import { dealPosition, isWon, legalMoves, performMove, seededRandom, type VariantId } from '../../src/engine';

const VARIANT_IDS: VariantId[] = ['bakers-game', 'freecell', 'eight-off', 'seahaven', 'bakers-dozen', 'spanish-patience'];
const PLAYOUTS = 400;
const MAX_MOVES = 300;

function bench(variant: VariantId): { moves: number; generated: number; ms: number; won: number } {
  const random = seededRandom(12345);
  let moves = 0;
  let generated = 0;
  let won = 0;
  const started = performance.now();
  for (let game = 1; game <= PLAYOUTS; game++) {
    const dealt = dealPosition(variant, game);
    if (!dealt.ok) throw new Error(`deal ${game} of ${variant}`);
    let position = dealt.value;
    for (let step = 0; step < MAX_MOVES; step++) {
      const legal = legalMoves(position);
      generated += legal.length;
      if (legal.length === 0) break;
      // Prefer foundation moves so that playouts get past the opening.
      const home = legal.filter((move) => move.to.kind === 'foundation');
      const pool = home.length > 0 && random() < 0.7 ? home : legal;
      position = performMove(position, pool[Math.floor(random() * pool.length)]);
      moves++;
      if (isWon(position)) {
        won++;
        break;
      }
    }
  }
  return { moves, generated, ms: performance.now() - started, won };
}

process.stdout.write(`engine random playouts: ${PLAYOUTS} deals per variant, at most ${MAX_MOVES} moves each\n`);
let totalMoves = 0;
let totalMs = 0;
for (const variant of VARIANT_IDS) {
  const { moves, generated, ms, won } = bench(variant);
  totalMoves += moves;
  totalMs += ms;
  const rate = Math.round((moves / ms) * 1000);
  process.stdout.write(
    `${variant.padEnd(18)} ${String(moves).padStart(7)} moves in ${ms.toFixed(0).padStart(5)} ms  ${rate.toLocaleString('en').padStart(9)} moves/s  ` +
      `(${(generated / Math.max(moves, 1)).toFixed(1)} legal moves per position, ${won} won)\n`,
  );
}
process.stdout.write(`${'all'.padEnd(18)} ${String(totalMoves).padStart(7)} moves in ${totalMs.toFixed(0).padStart(5)} ms  ${Math.round((totalMoves / totalMs) * 1000).toLocaleString('en').padStart(9)} moves/s\n`);
