import * as assert from 'node:assert/strict';
import { migrateRecord, parseHistory, recordLine, RECORD_SCHEMA_VERSION } from '../../../src/extension/stats/gameRecord';
import { sampleRecord } from './records';

describe('history records, schema 2 (moves, par, help, imported board)', () => {
  it('writes schema 2 and reads back the moves, the par, the help and the board', () => {
    assert.equal(RECORD_SCHEMA_VERSION, 2);
    const record = sampleRecord({ turns: ['t7-t2', 't7-c1 t3-f', '4:t3-t8'], par: 87, helpTurns: [2], board: 'KS QS\n' });
    const { records, damaged } = parseHistory(recordLine(record));
    assert.deepEqual(damaged, []);
    assert.deepEqual(records, [record]);
  });

  it('reads a schema-1 line as a record without moves or par, which still counts', () => {
    const old: Record<string, unknown> = { ...sampleRecord(), schema: 1 };
    for (const added of ['turns', 'par', 'helpTurns', 'board']) delete old[added];
    const line = JSON.stringify(old);
    const { records, damaged } = parseHistory(line);
    assert.deepEqual(damaged, []);
    assert.equal(records.length, 1);
    assert.equal(records[0].schema, 2);
    assert.equal(records[0].turns, undefined);
    assert.equal(records[0].par, undefined);
    assert.equal(records[0].result, 'won');
  });

  it('ignores schema-2 fields found in a schema-1 line rather than trusting them', () => {
    const migrated = migrateRecord({ ...sampleRecord(), schema: 1, turns: ['t1-t2'], par: 3 });
    assert.ok(migrated.ok);
    assert.equal(migrated.record.turns, undefined);
    assert.equal(migrated.record.par, undefined);
  });

  it('sets aside a schema-2 line with malformed moves, par or help, with the reason', () => {
    const bad = [
      { ...sampleRecord(), turns: 'a string' },
      { ...sampleRecord(), turns: [1, 2] },
      { ...sampleRecord(), par: -1 },
      { ...sampleRecord(), par: 'eighty' },
      { ...sampleRecord(), helpTurns: [1.5] },
      { ...sampleRecord(), board: 7 },
    ];
    const { records, damaged } = parseHistory(bad.map((value) => JSON.stringify(value)).join('\n'));
    assert.equal(records.length, 0);
    assert.deepEqual(
      damaged.map((line) => line.reason),
      ['bad moves', 'bad moves', 'bad par', 'bad par', 'bad help moves', 'bad board'],
    );
  });

  it('a newer schema is still set aside, not misread (what an old extension does with schema 2)', () => {
    const { records, damaged } = parseHistory(JSON.stringify({ ...sampleRecord(), schema: 3 }));
    assert.equal(records.length, 0);
    assert.equal(damaged[0].reason, 'written by a newer version (schema 3)');
  });
});
