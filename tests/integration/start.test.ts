import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs `npm start`'s script with extra variables; these cases all stop before building or serving. */
function start(variables: Record<string, string>) {
  const result = spawnSync(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'scripts/start.ts'],
    { cwd: root, env: { ...process.env, ...variables }, encoding: 'utf8', timeout: 60_000 },
  );
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('npm start refuses to start with a clear message', () => {
  it('names a bad configuration variable', () => {
    const { code, output } = start({ PORT: 'quatre-mille' });
    expect(code).toBe(1);
    expect(output).toContain('Configuration invalide');
    expect(output).toContain('PORT :');
  });

  it('says the database is unreachable', () => {
    const { code, output } = start({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(code).toBe(1);
    expect(output).toContain('Base de données injoignable');
  });
});
