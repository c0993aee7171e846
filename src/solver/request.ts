/** Checking a solve request that came from another thread. */
import { MessagePort } from 'node:worker_threads';
import { checkPosition, describeRefusal, isDealNumber, isVariantId, type Position, type VariantId } from '../engine';
import type { SolveDealsRequest, SolveRequest, SolverBudget } from '../protocol/solverMessages';

const isIntArray = (value: unknown): value is number[] => Array.isArray(value) && value.every((x) => Number.isInteger(x));

/** The request's position, checked by the engine, or a message saying what is wrong. */
export function checkRequest(request: SolveRequest): { ok: true; position: Position } | { ok: false; message: string } {
  const raw = request.position as unknown;
  const variant: unknown = request.variant;
  if (!isVariantId(variant)) return { ok: false, message: `unknown variant ${JSON.stringify(variant)}` };
  if (typeof raw !== 'object' || raw === null) return { ok: false, message: 'the request has no position' };
  const { columns, cells, foundations } = raw as Record<string, unknown>;
  if (!Array.isArray(columns) || !columns.every(isIntArray)) return { ok: false, message: 'position.columns must be arrays of card numbers' };
  if (!Array.isArray(cells) || !cells.every((cell) => cell === null || Number.isInteger(cell))) {
    return { ok: false, message: 'position.cells must hold card numbers or null' };
  }
  if (!Array.isArray(foundations) || !foundations.every(isIntArray)) return { ok: false, message: 'position.foundations must be arrays of card numbers' };
  if ((raw as { variant?: unknown }).variant !== undefined && (raw as { variant?: unknown }).variant !== variant) {
    return { ok: false, message: 'position.variant differs from the request variant' };
  }
  const budgetProblem = checkBudget(request.budget);
  if (budgetProblem) return { ok: false, message: budgetProblem };
  const position: Position = {
    variant,
    columns,
    cells,
    foundations,
  };
  const checked = checkPosition(position);
  if (!checked.ok) return { ok: false, message: describeRefusal(checked.refusal) };
  return { ok: true, position };
}

/** What is wrong with a request's budget, or undefined when nothing is. */
function checkBudget(budget: unknown): string | undefined {
  if (budget === undefined) return undefined;
  if (typeof budget !== 'object' || budget === null) return 'budget must be an object';
  for (const [name, value] of Object.entries(budget)) {
    if (!['maxNodes', 'maxMillis', 'maxBytes'].includes(name)) return `unknown budget field ${name}`;
    if (value !== undefined && (typeof value !== 'number' || !(value > 0))) return `budget.${name} must be a positive number`;
  }
  return undefined;
}

/** Most deals in one {@link SolveDealsRequest}: the shared counter is an Int32 that every thread adds one to past the end. */
export const MAX_DEALS_PER_REQUEST = 1 << 30;

/** A {@link SolveDealsRequest} as the worker uses it. */
export interface CheckedDealsRequest {
  readonly variant: VariantId;
  readonly first: number;
  readonly count: number;
  readonly next: Int32Array;
  readonly port: MessagePort;
  readonly budget?: SolverBudget;
  readonly shorten?: boolean;
  readonly lastPassOnHost: boolean;
}

/** The request checked (a known variant, deal numbers in range, a shared counter and a port), or a message saying what is wrong. */
export function checkDealsRequest(request: SolveDealsRequest): { ok: true; request: CheckedDealsRequest } | { ok: false; message: string } {
  const { variant, first, count, next, port } = request as unknown as Record<string, unknown>;
  if (!isVariantId(variant)) return { ok: false, message: `unknown variant ${JSON.stringify(variant)}` };
  if (!Number.isSafeInteger(count) || (count as number) < 1 || (count as number) > MAX_DEALS_PER_REQUEST) {
    return { ok: false, message: `count must be a whole number from 1 to ${MAX_DEALS_PER_REQUEST}` };
  }
  if (!isDealNumber(first) || !isDealNumber(first + (count as number) - 1)) return { ok: false, message: 'first and first + count - 1 must be deal numbers' };
  if (!(next instanceof SharedArrayBuffer) || next.byteLength < 4) return { ok: false, message: 'next must be a SharedArrayBuffer of at least 4 bytes' };
  if (!(port instanceof MessagePort)) return { ok: false, message: 'port must be a transferred MessagePort' };
  const budgetProblem = checkBudget(request.budget);
  if (budgetProblem) return { ok: false, message: budgetProblem };
  return {
    ok: true,
    request: {
      variant,
      first,
      count: count as number,
      next: new Int32Array(next, 0, 1),
      port,
      budget: request.budget,
      shorten: request.shorten === false ? false : undefined,
      lastPassOnHost: request.lastPassOnHost === true,
    },
  };
}
