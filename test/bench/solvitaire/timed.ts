/**
 * A child process timed from outside: its wall-clock time and, through /usr/bin/time when the
 * machine has it, the CPU time it used (user + system), which other work on a shared machine
 * barely changes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** What the process printed, its exit, and its times. */
export interface Timed {
  readonly stdout: string;
  readonly stderr: string;
  readonly status: number | null;
  readonly error: Error | undefined;
  readonly ms: number;
  /** CPU milliseconds (user + system), undefined without /usr/bin/time. */
  readonly cpuMs: number | undefined;
}

/** Runs `command` with `args` to its end. */
export function runTimed(command: string, args: readonly string[]): Timed {
  const withTime = existsSync('/usr/bin/time');
  const started = performance.now();
  const result = withTime
    ? spawnSync('/usr/bin/time', ['-f', 'cpu_seconds=%U+%S', command, ...args], { encoding: 'utf8', maxBuffer: 256 << 20 })
    : spawnSync(command, args, { encoding: 'utf8', maxBuffer: 256 << 20 });
  const ms = performance.now() - started;
  const cpu = /cpu_seconds=([\d.]+)\+([\d.]+)\s*$/.exec(result.stderr ?? '');
  return {
    stdout: result.stdout ?? '',
    stderr: result.stderr ?? '',
    status: result.status,
    error: result.error,
    ms,
    cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : undefined,
  };
}

/** "12.3 s (CPU 10.1 s)" or "12.3 s". */
export function formatTimes(run: { readonly ms: number; readonly cpuMs: number | undefined }): string {
  return `${(run.ms / 1000).toFixed(1)} s${run.cpuMs === undefined ? '' : ` (CPU ${(run.cpuMs / 1000).toFixed(1)} s)`}`;
}
