import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildProgram, commandsFor } from './main.js';

describe('lazy command loading', () => {
  it('loads only the command a line names, none for --version, all for help and typos', () => {
    assert.deepEqual(commandsFor(['node', 'coworkenv', 'validate', 'x.yaml']), ['validate']);
    assert.deepEqual(commandsFor(['node', 'coworkenv', '--version']), []);
    assert.deepEqual(commandsFor(['node', 'coworkenv', '-V']), []);
    // every command (derived, so commands added concurrently do not conflict here)
    const all = commandsFor(['node', 'coworkenv']);
    assert.ok(
      all.length >= 24 &&
        ['view', 'report', 'cache', 'export', 'import', 'claw-serve', 'worker', 'queue'].every((c) => all.includes(c)),
      all.join(' '),
    );
    for (const argv of [
      ['node', 'coworkenv', '--help'],
      ['node', 'coworkenv', 'help', 'run'],
      ['node', 'coworkenv', 'valdate'],
      ['node', 'coworkenv', 'toString'],
    ]) {
      assert.equal(commandsFor(argv).length, all.length, argv.join(' '));
    }
  });

  it('registers every command under its own name', async () => {
    const all = await buildProgram();
    assert.deepEqual(
      all.commands.map((c) => c.name()),
      commandsFor(['node', 'coworkenv']),
    );
    const one = await buildProgram(['grade']);
    assert.deepEqual(
      one.commands.map((c) => c.name()),
      ['grade'],
    );
  });
});
