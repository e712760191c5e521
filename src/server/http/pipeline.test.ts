import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serveSteps } from '../../../tests/support/request-steps';
import { DEVELOPMENT_STEPS, PRODUCTION_STEPS } from './pipeline';
import type { RequestStep } from './request-step';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const noting = (name: string, seen: string[], answers = false): RequestStep => ({
  name,
  run: (_request, response) => {
    seen.push(name);
    if (answers) response.end(name);
    return answers;
  },
});

describe('runSteps', () => {
  it('runs the steps in order and hands what none answered to the handler', async () => {
    const seen: string[] = [];
    const served = await serveSteps([noting('a', seen), noting('b', seen)]);
    close = served.close;
    expect(await (await fetch(`${served.base}/x`)).text()).toBe('next');
    expect(seen).toEqual(['a', 'b']);
    expect(served.reached).toEqual(['/x']);
  });

  it('stops at the step that answered, waiting for a step that takes its time', async () => {
    const seen: string[] = [];
    const waiting: RequestStep = {
      name: 'waits',
      run: async () => {
        // Answers on a later turn of the event loop.
        await new Promise((resolve) => setImmediate(resolve));
        seen.push('waits');
        return false;
      },
    };
    const served = await serveSteps([waiting, noting('answers', seen, true), noting('never', seen)]);
    close = served.close;
    expect(await (await fetch(`${served.base}/x`)).text()).toBe('answers');
    expect(seen).toEqual(['waits', 'answers']);
    expect(served.reached).toEqual([]);
  });

  it('answers 500 when a step fails, rather than leaving the request unanswered', async () => {
    const failing: RequestStep = {
      name: 'fails',
      run: () => {
        throw new Error('boom');
      },
    };
    const served = await serveSteps([failing]);
    close = served.close;
    expect((await fetch(`${served.base}/x`)).status).toBe(500);
  });
});

describe('the production pipeline', () => {
  it('lists every step in the order of docs/decisions/070', () => {
    expect(PRODUCTION_STEPS.map((step) => step.name)).toEqual([
      'client address',
      'request log and metrics',
      'liveness',
      'image optimiser admission',
      'redirects and removed addresses',
      'newsletter click redirect',
      'searched-text redirect',
      'page cache',
      'search admission and rate limit',
      'page cache capture',
    ]);
  });

  it('leaves the page cache out in development', () => {
    expect(DEVELOPMENT_STEPS.map((step) => step.name)).not.toContain('page cache');
    expect(DEVELOPMENT_STEPS.map((step) => step.name)).not.toContain('page cache capture');
  });

  it('assigns nothing to a prototype anywhere in src, tests included', () => {
    const offenders = sourceFilesUnder(path.resolve(import.meta.dirname, '../..')).filter((file) =>
      /\.prototype\.\w+\s*=[^=]|\bproto\.\w+\s*=[^=]/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps every module of the request path under 400 lines', () => {
    const longer = sourceFilesUnder(import.meta.dirname)
      .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > 400);
    expect(longer).toEqual([]);
  });
});

/** The TypeScript files under a folder, its subfolders included. */
function sourceFilesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFilesUnder(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}
