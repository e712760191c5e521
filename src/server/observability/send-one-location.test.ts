import { describe, expect, it } from 'vitest';
import { sendOneLocation } from './http-server';

/** A response's header store, as `getHeader`/`setHeader` see it. */
function headers(initial: Record<string, string | string[]>) {
  const store = new Map(Object.entries(initial));
  return {
    store,
    getHeader: (name: string) => store.get(name),
    setHeader(name: string, value: string | string[]) {
      store.set(name, value);
      return this as never;
    },
  };
}

describe('sendOneLocation', () => {
  it('sends a Location that Next.js repeated with the same value once', () => {
    const response = headers({ location: ['/archives/2026/11', '/archives/2026/11'] });
    sendOneLocation(response);
    expect(response.store.get('location')).toBe('/archives/2026/11');
  });

  it('leaves a single Location, and different values (which it must not choose between), as they are', () => {
    const single = headers({ location: '/actualite' });
    sendOneLocation(single);
    expect(single.store.get('location')).toBe('/actualite');
    const different = headers({ location: ['/a', '/b'] });
    sendOneLocation(different);
    expect(different.store.get('location')).toEqual(['/a', '/b']);
  });
});
