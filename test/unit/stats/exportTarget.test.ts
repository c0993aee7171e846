import * as assert from 'node:assert/strict';
import { defaultExportUri, exportFileName, type UriLike } from '../../../src/extension/stats/exportTarget';

/** A URI as far as the suggestion looks at one: scheme, authority and path, as vscode.Uri keeps them. */
class FakeUri implements UriLike<FakeUri> {
  constructor(
    readonly scheme: string,
    readonly authority: string,
    readonly path: string,
  ) {}

  with(change: { path: string }): FakeUri {
    return new FakeUri(this.scheme, this.authority, change.path);
  }

  toString(): string {
    return `${this.scheme}://${this.authority}${this.path}`;
  }
}

const file = (path: string): FakeUri => new FakeUri('file', '', path);
const HOME = file('/home/player');

describe('Export Statistics: the suggested file', () => {
  it('is named after the format', () => {
    assert.equal(exportFileName('csv'), 'bakers-game-history.csv');
    assert.equal(exportFileName('json'), 'bakers-game-history.json');
  });

  it('lies in the first workspace folder when there is one', () => {
    const folders = [{ uri: file('/work/project') }, { uri: file('/work/other') }];
    assert.equal(defaultExportUri('csv', folders, HOME).toString(), 'file:///work/project/bakers-game-history.csv');
    assert.equal(defaultExportUri('json', folders, HOME).toString(), 'file:///work/project/bakers-game-history.json');
  });

  it('lies in the home folder without a workspace folder', () => {
    assert.equal(defaultExportUri('csv', undefined, HOME).toString(), 'file:///home/player/bakers-game-history.csv');
    assert.equal(defaultExportUri('json', [], HOME).toString(), 'file:///home/player/bakers-game-history.json');
  });

  it('keeps the folder\'s scheme and authority, and joins Windows and root paths cleanly', () => {
    const remote = new FakeUri('vscode-remote', 'ssh-remote+box', '/srv/cards/');
    assert.equal(defaultExportUri('csv', [{ uri: remote }], HOME).toString(), 'vscode-remote://ssh-remote+box/srv/cards/bakers-game-history.csv');
    assert.equal(defaultExportUri('csv', undefined, file('/c:/Users/Player')).path, '/c:/Users/Player/bakers-game-history.csv');
    assert.equal(defaultExportUri('csv', undefined, file('/')).path, '/bakers-game-history.csv');
  });
});
