import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import type { ClaimCommand, ClaimReply } from './claimWorker';

/** The stale time the claim tests use (proper-lockfile's smallest is 2 s). */
export const STALE_MS = 2000;

/** Another window: a process with claims of its own in the same folder. */
export class Window {
  private readonly child: ChildProcess;
  private readonly waiting: ((reply: ClaimReply) => void)[] = [];

  constructor(dir: string) {
    this.child = fork(join(__dirname, 'claimWorker.js'), [dir, String(STALE_MS)], { stdio: 'inherit' });
    this.child.on('message', (reply: ClaimReply) => this.waiting.shift()?.(reply));
  }

  async ask(command: ClaimCommand): Promise<boolean | string[]> {
    const reply = await new Promise<ClaimReply>((resolve) => {
      this.waiting.push(resolve);
      this.child.send(command);
    });
    if (reply.type === 'failed') throw new Error(`the other window failed: ${reply.message}`);
    return reply.value;
  }

  claim(id: string): Promise<boolean | string[]> {
    return this.ask({ type: 'claim', id });
  }

  async exit(signal?: NodeJS.Signals): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    if (signal) this.child.kill(signal);
    else this.child.send({ type: 'exit' } satisfies ClaimCommand);
    await exited;
  }
}

