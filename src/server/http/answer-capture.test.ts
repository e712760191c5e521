import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { beforeHeadWritten, headersGivenToWriteHead, holdBack, recordBody } from './answer-capture';

/** A loopback server whose handler gets the response prepared by `prepare`, then answers as Next.js would. */
async function answer(
  prepare: (response: http.ServerResponse) => void,
  write: (response: http.ServerResponse) => void,
): Promise<{ status: number; headers: Headers; body: string }> {
  const server = http.createServer((_request, response) => {
    prepare(response);
    write(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return { status: response.status, headers: response.headers, body: await response.text() };
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

describe('headersGivenToWriteHead', () => {
  it('reads headers given as an object, a flat array or pairs, after a status message or not', () => {
    expect(headersGivenToWriteHead([200, { a: '1', b: undefined }])).toEqual([['a', '1']]);
    expect(headersGivenToWriteHead([200, 'OK', ['a', '1', 'b', '2']])).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
    expect(headersGivenToWriteHead([200, [['a', '1']]])).toEqual([['a', '1']]);
    expect(headersGivenToWriteHead([200])).toEqual([]);
  });
});

describe('beforeHeadWritten', () => {
  it('lets a hook change the status and headers of an answer before its head leaves', async () => {
    const result = await answer(
      (response) =>
        beforeHeadWritten(response, (head, args) => {
          if (head.statusCode === 500) args[0] = 503;
          head.setHeader('x-seen', 'oui');
        }),
      (response) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end('erreur');
      },
    );
    expect(result.status).toBe(503);
    expect(result.headers.get('x-seen')).toBe('oui');
  });
});

describe('recordBody', () => {
  it('collects what leaves, and nothing past its bound', async () => {
    let small: { body(): Buffer | null } | undefined;
    await answer(
      (response) => {
        small = recordBody(response, 1024);
      },
      (response) => {
        response.write('bon');
        response.end(Buffer.from('jour'));
      },
    );
    expect(small?.body()?.toString()).toBe('bonjour');
    let big: { body(): Buffer | null } | undefined;
    const result = await answer(
      (response) => {
        big = recordBody(response, 4);
      },
      (response) => response.end('bonjour'),
    );
    expect(result.body).toBe('bonjour');
    expect(big?.body()).toBeNull();
  });
});

describe('holdBack', () => {
  it('hands the whole answer over once complete, with the head as it was written', async () => {
    const result = await answer(
      (response) =>
        holdBack(response, 1024, (body) => {
          response.setHeader('content-length', body.length + 1);
          response.end(`${body.toString().toUpperCase()}!`);
        }),
      (response) => {
        response.writeHead(201, { 'content-type': 'text/plain', 'x-from': 'next' });
        response.flushHeaders();
        response.write('bon');
        response.end('jour');
      },
    );
    expect(result).toMatchObject({ status: 201, body: 'BONJOUR!' });
    expect(result.headers.get('x-from')).toBe('next');
  });

  it('lets an answer bigger than its bound through unchanged', async () => {
    let completed = false;
    const result = await answer(
      (response) =>
        holdBack(response, 4, () => {
          completed = true;
        }),
      (response) => {
        response.write('bon');
        response.write('jour');
        response.end(' à tous');
      },
    );
    expect(result.body).toBe('bonjour à tous');
    expect(completed).toBe(false);
  });
});
