import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openWorkbench, screenshotFailuresAndClose, type Workbench } from './workbench';

/** The header line of the CSV export (written even when no game has been recorded yet). */
const CSV_HEADER = 'id,variant,deal,startedAt,endedAt,durationMs,moves,result,withHelp,provedLost,extensionVersion,par,turns,helpTurns,board';

/** Waits until `probe` holds, polling the disk; fails with `what` after `timeoutMillis`. */
async function until(what: string, probe: () => boolean, timeoutMillis = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMillis;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

describe('Export Statistics through the workbench', () => {
  let workbench: Workbench;
  const runDir = process.env.CODE_SERVER_RUN_DIR ?? '';
  const workspace = resolve(runDir, 'workspace');
  const exported = join(workspace, 'bakers-game-history.csv');

  before(async () => {
    assert.ok(runDir, 'CODE_SERVER_RUN_DIR is set by the harness');
    // An earlier file would make the dialog ask whether to replace it, and prove nothing.
    assert.ok(!existsSync(exported), `${exported} is there before the export`);
    workbench = await openWorkbench();
  });

  screenshotFailuresAndClose(() => workbench);

  after(() => {
    // The workspace folder is shared with the suites after this one: leave it as it was.
    rmSync(exported, { force: true });
  });

  it('suggests a file in the workspace folder, and Enter writes it there', async () => {
    await workbench.runCommand('Solitaire: Export Statistics…');
    const widget = workbench.page.locator('.quick-input-widget');
    await widget.locator('.monaco-list-row', { has: workbench.page.locator('.label-name', { hasText: /^CSV$/ }) }).first().click({ timeout: 15_000 });

    // code-server's save dialog is a quick input whose box holds the suggested path; it fills
    // the box in two steps (the folder, then the file name), so wait for the whole path.
    const input = widget.locator('.quick-input-box input');
    await widget.locator('.quick-input-title', { hasText: /^Export Statistics$/ }).waitFor({ timeout: 15_000 });
    const suggested = await workbench.page
      .waitForFunction(
        (name) => {
          const value = document.querySelector<HTMLInputElement>('.quick-input-widget .quick-input-box input')?.value ?? '';
          return value.endsWith(name) ? value : undefined;
        },
        'bakers-game-history.csv',
        { timeout: 15_000 },
      )
      .then((handle) => handle.jsonValue());
    console.log(`      the save dialog suggests ${suggested}`);
    assert.equal(suggested, exported);

    await input.press('Enter');
    await until(`the export at ${exported}`, () => existsSync(exported));
    // The file may be seen between its creation and its last byte: wait for the newline that ends it.
    await until('the whole export', () => readFileSync(exported, 'utf8').endsWith('\n'));
    const rows = csvRows(readFileSync(exported, 'utf8'));
    // Earlier suites may have recorded games, or none: the header is there either way.
    assert.equal(rows[0].join(','), CSV_HEADER);
    const columns = CSV_HEADER.split(',').length;
    for (const row of rows.slice(1)) assert.equal(row.length, columns, `a row of ${row.length} fields: ${row.join(',')}`);
    await widget.waitFor({ state: 'hidden', timeout: 10_000 });
  });
});

/**
 * The rows of a CSV text (RFC 4180: a field in double quotes may hold commas, line breaks and
 * doubled quotes; an imported deal's board is such a field).
 */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n') {
      row.push(field.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
