'use client';

import { useEffect, useState } from 'react';

/**
 * A module fetched by a dynamic import the first time `wanted` is true, then kept: null until it has arrived. Used
 * for the parts of the shell most readers never open (the modals, the burger menu), whose code would otherwise load
 * with every page (docs/decisions/007). A failed load is logged and tried again the next time `wanted` turns true.
 *
 * Usage: `const dialog = useOnDemand(loadDialog, open);` with `const loadDialog = () => import('./dialog');` at
 * module level, so the function is the same at every render.
 */
export function useOnDemand<Module>(load: () => Promise<Module>, wanted: boolean): Module | null {
  const [loaded, setLoaded] = useState<{ module: Module } | null>(null);
  useEffect(() => {
    if (!wanted || loaded) return;
    let current = true;
    load().then(
      (module) => {
        if (current) setLoaded({ module });
      },
      (error: unknown) => console.error('Chargement d’un composant impossible', error),
    );
    return () => {
      current = false;
    };
  }, [load, wanted, loaded]);
  return loaded?.module ?? null;
}
