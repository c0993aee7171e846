/**
 * Another window for the game-claim tests, driven over IPC by the test (`child_process.fork`).
 *   claimWorker <dir> <staleMs>
 */
import { GameClaims } from '../../../src/extension/gameClaims';

/** What the test sends. */
export type ClaimCommand =
  | { readonly type: 'claim'; readonly id: string }
  | { readonly type: 'release'; readonly id: string }
  | { readonly type: 'elsewhere'; readonly ids: readonly string[] }
  | { readonly type: 'dispose' }
  /** Exits as a window closes, without releasing anything first. */
  | { readonly type: 'exit' };
/** What the worker answers, one reply per command but `exit`. */
export type ClaimReply = { readonly type: 'done'; readonly value: boolean | string[] } | { readonly type: 'failed'; readonly message: string };

const [dir, staleText] = process.argv.slice(2);
if (!dir || !staleText || !process.send) throw new Error('usage: fork claimWorker <dir> <staleMs>');
const claims = new GameClaims(dir, { staleMs: Number(staleText) });
const reply = (message: ClaimReply): void => {
  if (process.connected) process.send?.(message);
};

async function run(command: ClaimCommand): Promise<boolean | string[]> {
  switch (command.type) {
    case 'claim':
      return claims.claim(command.id);
    case 'release':
      await claims.release(command.id);
      return true;
    case 'elsewhere':
      return [...(await claims.heldElsewhere(command.ids))].sort();
    case 'dispose':
      await claims.dispose();
      return true;
    case 'exit':
      process.exit(0);
  }
}

process.on('message', (command: ClaimCommand) => {
  run(command).then(
    (value) => reply({ type: 'done', value }),
    (error: unknown) => reply({ type: 'failed', message: String(error) }),
  );
});
