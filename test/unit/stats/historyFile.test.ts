import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { appendFileSync, chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseHistory, recordLine } from '../../../src/extension/stats/gameRecord';
import { HistoryFile } from '../../../src/extension/stats/historyFile';
import { sampleRecord } from './records';

const freshDir = (): string => mkdtempSync(join(tmpdir(), 'bakers-game-history-'));

function runAppender(dir: string, prefix: string, count: number): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(__dirname, 'appendWorker.js'), dir, prefix, String(count)], { stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

describe('the history file', () => {
  it('appends one JSON line per game and reads them back', async () => {
    const history = new HistoryFile(freshDir());
    const records = [sampleRecord(), sampleRecord({ result: 'lost' }), sampleRecord({ deal: null })];
    for (const record of records) await history.append(record);
    assert.deepEqual((await history.read()).records, records);
    assert.equal(readFileSync(history.path, 'utf8').split('\n').length, 4);
  });

  it('reads a missing file as an empty history', async () => {
    assert.deepEqual(await new HistoryFile(join(freshDir(), 'not-there')).read(), { records: [], damaged: [] });
  });

  it('keeps every good record of a damaged file and sets the bad lines aside once', async () => {
    const history = new HistoryFile(freshDir());
    const good = [sampleRecord(), sampleRecord(), sampleRecord()];
    const newer = { ...sampleRecord(), schema: 7 };
    writeFileSync(
      history.path,
      [recordLine(good[0]), 'garbage {', recordLine(good[1]), JSON.stringify(newer), recordLine(good[2]), '{"schema":1,"id":"cut'].join('\n'),
    );
    const { records, damaged } = await history.read();
    assert.deepEqual(records, good);
    assert.deepEqual(
      damaged.map((line) => [line.line, line.reason]),
      [
        [2, 'not valid JSON'],
        [4, 'written by a newer version (schema 7)'],
        [6, 'cut short (the last write did not finish)'],
      ],
    );
    assert.equal((await history.keepAside(damaged)).length, 3);
    assert.equal((await history.keepAside(damaged)).length, 0, 'a damaged line is set aside only once');
    assert.equal(readFileSync(history.damagedPath, 'utf8').trim().split('\n').length, 3);
    // The next game after a cut-short line starts on a line of its own.
    const next = sampleRecord();
    await history.append(next);
    assert.deepEqual((await history.read()).records, [...good, next]);
  });

  it('counts a game written twice (two windows ended it) once, keeping the first record', async () => {
    const history = new HistoryFile(freshDir());
    const first = sampleRecord();
    const other = sampleRecord();
    const again = { ...first, endedAt: '2026-01-02T00:00:00.000Z', moves: first.moves + 1 };
    for (const record of [first, other, again, first]) await history.append(record);
    const { records, damaged } = await history.read();
    assert.deepEqual(records, [first, other]);
    assert.deepEqual(damaged, [], 'a duplicate is not damage');
    assert.deepEqual(parseHistory([recordLine(again), recordLine(first)].join('\n')).records, [again]);
  });

  it('resets one variant with a backup, and undoing keeps games recorded since', async () => {
    const history = new HistoryFile(freshDir());
    const bakers = [sampleRecord(), sampleRecord()];
    const freecell = sampleRecord({ variant: 'freecell' });
    for (const record of [...bakers, freecell]) await history.append(record);
    assert.equal(await history.reset({ variant: 'bakers-game' }), 2);
    assert.deepEqual((await history.read()).records, [freecell]);
    const later = sampleRecord({ variant: 'seahaven' });
    await history.append(later);
    assert.equal(await history.undoReset(), true);
    const ids = (await history.read()).records.map((record) => record.id).sort();
    assert.deepEqual(ids, [...bakers, freecell, later].map((record) => record.id).sort());
    assert.equal(await history.undoReset(), false, 'each backup is restored once');
  });

  it('resets everything', async () => {
    const history = new HistoryFile(freshDir());
    await history.append(sampleRecord());
    await history.append(sampleRecord({ variant: 'eight-off' }));
    assert.equal(await history.reset('all'), 2);
    assert.deepEqual((await history.read()).records, []);
    assert.equal(await history.hasBackup(), true);
  });

  it('loses nothing when two processes append 1000 records each at the same time', async function () {
    this.timeout(120_000);
    const dir = freshDir();
    const codes = await Promise.all([runAppender(dir, 'a', 1000), runAppender(dir, 'b', 1000)]);
    assert.deepEqual(codes, [0, 0]);
    const text = readFileSync(join(dir, 'history.jsonl'), 'utf8');
    const { records, damaged } = parseHistory(text);
    assert.equal(damaged.length, 0);
    assert.equal(records.length, 2000);
    assert.equal(new Set(records.map((record) => record.id)).size, 2000);
  });

  it('loses no record when resets and their undos rewrite the file while two processes append', async function () {
    this.timeout(120_000);
    const dir = freshDir();
    const history = new HistoryFile(dir);
    // A record for the resets to take away and the undos to bring back.
    const freecell = sampleRecord({ variant: 'freecell' });
    await history.append(freecell);
    let appending = true;
    const appenders = Promise.all([runAppender(dir, 'a', 300), runAppender(dir, 'b', 300)]).finally(() => (appending = false));
    let rewrites = 0;
    while (appending) {
      assert.equal(await history.reset({ variant: 'freecell' }), 1);
      assert.equal(await history.undoReset(), true);
      rewrites += 2;
    }
    assert.deepEqual(await appenders, [0, 0]);
    const { records, damaged } = await history.read();
    assert.deepEqual(damaged, []);
    const ids = new Set(records.map((record) => record.id));
    const missing = [freecell.id, ...['a', 'b'].flatMap((prefix) => Array.from({ length: 300 }, (_, i) => `${prefix}-${i}`))].filter((id) => !ids.has(id));
    assert.deepEqual(missing, [], `${missing.length} record(s) lost in ${rewrites} rewrites`);
    assert.equal(records.length, 601);
  });

  it('fails with a clear error when the folder cannot be written', async function () {
    if (process.getuid?.() === 0) {
      // Root writes anywhere; a path under a regular file can never be a folder.
      const blocker = join(freshDir(), 'file');
      appendFileSync(blocker, 'x');
      await assert.rejects(new HistoryFile(join(blocker, 'sub')).append(sampleRecord()), /ENOTDIR|EEXIST/);
      return;
    }
    const dir = freshDir();
    chmodSync(dir, 0o500);
    await assert.rejects(new HistoryFile(join(dir, 'sub')).append(sampleRecord()), /EACCES/);
  });
});
