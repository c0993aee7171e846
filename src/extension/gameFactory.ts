import { MAX_DEAL_NUMBER, newGame, randomDealNumber, restart, setAutoplay, type Game } from '../engine';
import type { GameFactory } from './boardController';
import type { Settings } from './settings';

/** Deal numbers for new games come from a cryptographic source, within the classic 1..2^31-1 range. */
const NEW_GAME_MAX_DEAL = Math.min(MAX_DEAL_NUMBER, 2 ** 31 - 1);

/** A uniform number in [0, 1) with 53 random bits, from `globalThis.crypto` (Node and browsers alike). */
function cryptoRandom(): number {
  const [high, low] = globalThis.crypto.getRandomValues(new Uint32Array(2));
  return ((high >>> 5) * 2 ** 26 + (low >>> 6)) / 2 ** 53;
}

/** Deals a new game of a variant; throws only on a bug (the variant ids come from our own table). */
export function dealGame(variant: string, dealNumber: number, settings: Settings): Game {
  const game = newGame(variant, dealNumber, { autoplay: settings.autoPlay });
  if (!game.ok) throw new Error(`cannot deal ${variant} #${dealNumber}: ${game.refusal.code}`);
  return game.value;
}

/** New games with random deal numbers. */
export const randomGameFactory: GameFactory = {
  randomGame: (variant, settings) => dealGame(variant, randomDealNumber(cryptoRandom, NEW_GAME_MAX_DEAL), settings),
  // The engine's restart re-derives a numbered deal and keeps an imported start as it was.
  sameDeal: (game, settings) => setAutoplay(restart(game), settings.autoPlay),
};
