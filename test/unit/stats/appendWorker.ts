/** A second "window": appends `count` records to the history in `dir` (used by the concurrency test). */
import { HistoryFile } from '../../../src/extension/stats/historyFile';
import { sampleRecord } from './records';

async function main(): Promise<void> {
  const [dir, prefix, count] = process.argv.slice(2);
  if (!dir || !prefix || !count) throw new Error('usage: appendWorker <dir> <prefix> <count>');
  const history = new HistoryFile(dir);
  for (let i = 0; i < Number(count); i++) await history.append(sampleRecord({ id: `${prefix}-${i}`, endedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString() }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
