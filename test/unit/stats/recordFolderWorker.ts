/** Another "window" without locks: appends `count` records to the record folder in `dir` (the concurrency test). */
import { RecordFolderHistory } from '../../../src/extension/stats/recordFolder';
import { nodeRecordFs } from './nodeRecordFs';
import { sampleRecord } from './records';

async function main(): Promise<void> {
  const [dir, prefix, count] = process.argv.slice(2);
  if (!dir || !prefix || !count) throw new Error('usage: recordFolderWorker <dir> <prefix> <count>');
  const history = new RecordFolderHistory(nodeRecordFs(dir), { base: dir });
  for (let i = 0; i < Number(count); i++) await history.append(sampleRecord({ id: `${prefix}-${i}`, endedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString() }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
