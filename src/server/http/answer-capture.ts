import 'server-only';
import type { ServerResponse } from 'node:http';

/**
 * The one place where an answer Next.js writes is watched or held back, as compression middleware does it: by
 * wrapping the response's own `writeHead`, `write` and `end` (never a prototype). Each request step that needs to
 * see or change an answer (the request log's head corrections, the page cache) goes through these three.
 */

/** Header name/value pairs given to `writeHead` (an object, a flat array, or an array of pairs). */
export function headersGivenToWriteHead(args: unknown[]): [string, unknown][] {
  const [, reason, headers] = args;
  const given = typeof reason === 'object' && reason !== null ? reason : headers;
  if (given === undefined || given === null || typeof given !== 'object') return [];
  if (!Array.isArray(given))
    return Object.entries(given).filter(([, value]) => value !== undefined) as [string, unknown][];
  if (Array.isArray(given[0]))
    return (given as [unknown, unknown][]).map(([name, value]) => [String(name), value]);
  return Array.from({ length: Math.floor(given.length / 2) }, (_, index) => [
    String(given[2 * index]),
    given[2 * index + 1],
  ]);
}

/**
 * Runs `hook` when the head of the answer is written, before it leaves: the hook sees the response with the status
 * given to `writeHead` already set, and may change the arguments (`args[0]` the status) or the headers set so far.
 */
export function beforeHeadWritten(
  response: ServerResponse,
  hook: (response: ServerResponse, args: unknown[]) => void,
): void {
  const writeHead = response.writeHead;
  response.writeHead = function headWithHook(this: ServerResponse, ...args: unknown[]) {
    if (typeof args[0] === 'number') this.statusCode = args[0];
    hook(this, args);
    return Reflect.apply(writeHead, this, args) as ServerResponse;
  } as ServerResponse['writeHead'];
}

/** A chunk given to `write`/`end` as bytes (null for none: a callback, nothing). */
function toBuffer(chunk: unknown, encoding?: unknown): Buffer | null {
  if (chunk === undefined || chunk === null || typeof chunk === 'function') return null;
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
}

/** Collects what is written to a response as it leaves, up to `maxBytes` (past that, `body()` is null). */
export function recordBody(response: ServerResponse, maxBytes: number): { body(): Buffer | null } {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooBig = false;
  const write = response.write;
  const end = response.end;
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (tooBig) return;
    const buffer = toBuffer(chunk, encoding);
    if (!buffer) return;
    size += buffer.length;
    if (size > maxBytes) tooBig = true;
    else chunks.push(buffer);
  };
  response.write = function recordWrite(this: ServerResponse, ...args: unknown[]) {
    collect(args[0], args[1]);
    return Reflect.apply(write, this, args) as boolean;
  } as ServerResponse['write'];
  response.end = function recordEnd(this: ServerResponse, ...args: unknown[]) {
    collect(args[0], args[1]);
    return Reflect.apply(end, this, args) as ServerResponse;
  } as ServerResponse['end'];
  return { body: () => (tooBig ? null : Buffer.concat(chunks, size)) };
}

/**
 * Holds an answer back until it is complete, then hands its whole body to `complete`, which sends it (the
 * response's own methods are back in place by then). `writeHead`, `write`, `end` and `flushHeaders` only record
 * until the end; an answer over `maxBytes` is let through unchanged from there on (what was held goes out first).
 */
export function holdBack(response: ServerResponse, maxBytes: number, complete: (body: Buffer) => void): void {
  const original = {
    writeHead: response.writeHead,
    write: response.write,
    end: response.end,
    flushHeaders: response.flushHeaders,
  };
  const restore = () => Object.assign(response, original);
  const chunks: Buffer[] = [];
  let size = 0;
  let passing = false;
  const collect = (chunk: unknown, encoding: unknown) => {
    const buffer = toBuffer(chunk, encoding);
    if (!buffer) return;
    size += buffer.length;
    chunks.push(buffer);
    if (size <= maxBytes) return;
    passing = true;
    restore();
    for (const held of chunks) Reflect.apply(original.write, response, [held]);
  };
  response.writeHead = function heldWriteHead(this: ServerResponse, ...args: unknown[]) {
    const [status, reason] = args as [number, unknown];
    this.statusCode = status;
    if (typeof reason === 'string') this.statusMessage = reason;
    for (const [name, value] of headersGivenToWriteHead(args))
      if (value !== undefined) this.setHeader(name, value as string | number | readonly string[]);
    return this;
  } as ServerResponse['writeHead'];
  response.flushHeaders = () => {};
  response.write = function heldWrite(this: ServerResponse, ...args: unknown[]) {
    if (passing) return Reflect.apply(original.write, this, args) as boolean;
    const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    collect(args[0], typeof args[1] === 'string' ? args[1] : undefined);
    callback?.();
    return true;
  } as ServerResponse['write'];
  response.end = function heldEnd(this: ServerResponse, ...args: unknown[]) {
    const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    if (typeof args[0] !== 'function') collect(args[0], typeof args[1] === 'string' ? args[1] : undefined);
    if (passing) return Reflect.apply(original.end, this, [callback]) as ServerResponse;
    restore();
    complete(Buffer.concat(chunks, size));
    if (callback) this.once('finish', callback);
    return this;
  } as ServerResponse['end'];
}
