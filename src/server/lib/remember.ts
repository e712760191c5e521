import 'server-only';

/**
 * The one value of this process named `name`, made by `create` the first time it is asked for.
 *
 * Next.js loads a server module once per bundle (instrumentation, route handlers, pages) and the start script
 * loads its own copy: state that must be one per process (the database, caches, registries, timers) therefore
 * lives on `globalThis` under `Symbol.for('quotidienne.<name>')`, which every copy of every module reaches.
 */
export function remember<T>(name: string, create: () => T): T {
  const key = Symbol.for(`quotidienne.${name}`);
  const holder = globalThis as typeof globalThis & Record<symbol, unknown>;
  if (!(key in holder)) holder[key] = create();
  return holder[key] as T;
}

/** A value of this process that is replaced as a whole (a token, a flag, a snapshot): `remember` a box for it. */
type Box<T> = { value: T };

export function rememberBox<T>(name: string, initial: T): Box<T> {
  return remember<Box<T>>(name, () => ({ value: initial }));
}
