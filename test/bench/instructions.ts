/**
 * Instructions a process executes, counted by valgrind's callgrind (`bench:solver --instructions`).
 *
 * Wall-clock time on a shared machine moves by a third from minute to minute (Baker's Game
 * 1-1000 took our CLI 2.0 to 3.8 s within one afternoon here, fc-solve 6.3 to 10.8 s), so a
 * change of a few percent in the solver's work cannot be seen in it. The count of instructions of
 * a process on one thread is the same run after run: ours within 0.001% when Node runs with V8's
 * `--single-threaded --predictable` (compiling and collecting on the solving thread, as the
 * CLI's `--no-concurrent-recompilation` does for compiling), fc-solve exactly. It is not time
 * (a cache miss costs more than an instruction, and V8's code and fc-solve's C use the processor
 * differently), so the benchmark prints it beside the timed ratios, never instead of them.
 */
import { spawnSync } from 'node:child_process';

/**
 * The total of the summary callgrind prints for process `pid` ("==123== Collected : 3668646172"),
 * or undefined; a line of another process (a child it forked) or of the program itself is not it.
 */
export function callgrindTotal(stderr: string, pid: number): number | undefined {
  const match = new RegExp(`^==${pid}== Collected : (\\d+)$`, 'm').exec(stderr);
  return match ? Number(match[1]) : undefined;
}

/** Whether valgrind can be run here. */
export function hasValgrind(): boolean {
  const run = spawnSync('valgrind', ['--version'], { encoding: 'utf8' });
  return !run.error && run.status === 0;
}

/** What {@link countInstructions} found: the count with the command's output, or why there is none. */
export type Counted = { readonly instructions: number; readonly stdout: string } | { readonly error: string };

/**
 * Runs `command args` under callgrind (its profile thrown away) and returns the instructions it
 * executed, with its standard output; an error when it failed or printed no total.
 */
export function countInstructions(command: string, args: readonly string[]): Counted {
  const run = spawnSync('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', command, ...args], {
    encoding: 'utf8',
    maxBuffer: 256 << 20,
  });
  if (run.error) return { error: run.error.message };
  if (run.status !== 0) return { error: `${command} ${run.signal ? `was killed by ${run.signal}` : `exited with ${run.status}`}: ${run.stderr.slice(-1000)}` };
  const instructions = callgrindTotal(run.stderr, run.pid);
  return instructions === undefined ? { error: `no instruction count in valgrind's output: ${run.stderr.slice(-500)}` } : { instructions, stdout: run.stdout };
}
