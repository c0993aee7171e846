import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordLine } from '../../../src/extension/stats/gameRecord';
import { RecordFolderHistory, recordFileName } from '../../../src/extension/stats/recordFolder';
import { nodeRecordFs } from './nodeRecordFs';
import { sampleRecord } from './records';

function freshDir(): string {
  return mkdtempSync(join(tmpdir(), 'bakers-game-records-'));
}

function folderHistory(dir: string): RecordFolderHistory {
  return new RecordFolderHistory(nodeRecordFs(dir), { base: dir });
}

function runAppender(dir: string, prefix: string, count: number): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(__dirname, 'recordFolderWorker.js'), dir, prefix, String(count)], { stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

describe('the history as a folder of record files (the browser\'s, no locks)', () => {
  it('writes one file per game and reads them back, oldest first', async () => {
    const dir = freshDir();
    const history = folderHistory(dir);
    const records = [sampleRecord(), sampleRecord({ result: 'lost' }), sampleRecord({ deal: null })];
    for (const record of [...records].reverse()) await history.append(record);
    assert.deepEqual((await history.read()).records, records);
    assert.deepEqual(readdirSync(join(dir, 'records')).sort(), records.map((record) => recordFileName(record.id)).sort());
  });

  it('reads a missing folder as an empty history', async () => {
    assert.deepEqual(await folderHistory(join(freshDir(), 'not-there')).read(), { records: [], damaged: [] });
  });

  it('two processes appending at once keep every record, and no lock is made', async function () {
    this.timeout(20_000);
    const dir = freshDir();
    const codes = await Promise.all([runAppender(dir, 'left', 100), runAppender(dir, 'right', 100)]);
    assert.deepEqual(codes, [0, 0]);
    const { records, damaged } = await folderHistory(dir).read();
    assert.equal(records.length, 200);
    assert.deepEqual(damaged, []);
    assert.deepEqual(readdirSync(dir), ['records'], 'nothing but the records: no lock file or folder');
  });

  it('counts a game once, however often and wherever it was written', async () => {
    const dir = freshDir();
    const record = sampleRecord();
    await Promise.all([folderHistory(dir).append(record), folderHistory(dir).append(record)]);
    // A copy under another name (a sync tool, a hand copy): dropped on read.
    writeFileSync(join(dir, 'records', 'copy.json'), `${recordLine({ ...record, moves: 1 })}\n`);
    const { records } = await folderHistory(dir).read();
    assert.equal(records.length, 1);
    assert.equal(records[0].moves, record.moves, 'the file named after the id wins (names are read in order)');
  });

  it('sets damaged files aside once, keeps them, and counts every other game', async () => {
    const dir = freshDir();
    const history = folderHistory(dir);
    const good = sampleRecord();
    await history.append(good);
    writeFileSync(join(dir, 'records', 'cut.json'), '{"schema":1,"id":"cut');
    writeFileSync(join(dir, 'records', 'newer.json'), JSON.stringify({ ...sampleRecord(), schema: 99 }));
    writeFileSync(join(dir, 'records', 'empty.json'), '');
    const { records, damaged } = await history.read();
    assert.deepEqual(records, [good]);
    assert.equal(damaged.length, 3);
    assert.match(damaged.map((line) => line.reason).join('\n'), /newer version \(schema 99\) \(records\/newer\.json\)/);
    assert.match(damaged.map((line) => line.reason).join('\n'), /empty \(records\/empty\.json\)/);
    assert.equal((await history.keepAside(damaged)).length, 3);
    assert.equal((await history.keepAside(damaged)).length, 0, 'each is reported once');
    assert.equal(readFileSync(join(dir, 'records.damaged.jsonl'), 'utf8').trim().split('\n').length, 3);
    assert.equal(readFileSync(join(dir, 'records', 'newer.json'), 'utf8').includes('"schema":99'), true, 'the file stays for a newer version');
  });

  it('reads only the files it has not read before', async () => {
    const dir = freshDir();
    const fs = nodeRecordFs(dir);
    const history = new RecordFolderHistory(fs, { base: dir });
    for (let i = 0; i < 5; i++) await history.append(sampleRecord());
    await history.read();
    assert.equal(fs.reads, 5);
    await folderHistory(dir).append(sampleRecord());
    assert.equal((await history.read()).records.length, 6);
    assert.equal(fs.reads, 6);
  });

  it('a reset takes one variant away after a backup; undoing it keeps the games recorded since', async () => {
    const dir = freshDir();
    const history = folderHistory(dir);
    await history.append(sampleRecord({ id: 'fc', variant: 'freecell' }));
    await history.append(sampleRecord({ id: 'bg' }));
    assert.equal(await history.undoReset(), false, 'nothing to undo yet');
    assert.equal(await history.reset({ variant: 'freecell' }), 1);
    assert.deepEqual((await history.read()).records.map((record) => record.id), ['bg']);
    await folderHistory(dir).append(sampleRecord({ id: 'since' }));
    assert.equal(await history.hasBackup(), true);
    assert.equal(await history.undoReset(), true);
    assert.deepEqual((await folderHistory(dir).read()).records.map((record) => record.id).sort(), ['bg', 'fc', 'since']);
    assert.equal(await history.hasBackup(), false, 'the backup was used (renamed, not deleted)');
    assert.ok(readdirSync(join(dir, 'backups')).some((name) => name.endsWith('.restored')));
  });

  it('a game another window records during a reset is not lost', async () => {
    const dir = freshDir();
    const history = folderHistory(dir);
    for (let i = 0; i < 30; i++) await history.append(sampleRecord({ id: `old-${i}` }));
    const [, code] = await Promise.all([history.reset('all'), runAppender(dir, 'during', 20)]);
    assert.equal(code, 0);
    const ids = (await folderHistory(dir).read()).records.map((record) => record.id);
    assert.equal(ids.filter((id) => id.startsWith('during-')).length, 20);
  });

  it('gives unsafe ids distinct, safe file names', () => {
    const names = ['a/b', 'a_2f_b', 'a b', '..', 'ok-id'].map(recordFileName);
    assert.equal(new Set(names).size, names.length);
    for (const name of names) assert.match(name, /^[A-Za-z0-9_-]+\.json$/);
  });
});
