'use client';

import { createContext, useContext } from 'react';

/**
 * Closes the menu a control sits in once it has navigated (the phone menu holds the header's search: a search
 * made from it closes it, as its links do). Outside a menu, nothing to close.
 */
const MenuNavigation = createContext<() => void>(() => {});

export const MenuNavigationProvider = MenuNavigation.Provider;

export function useCloseMenuOnNavigation(): () => void {
  return useContext(MenuNavigation);
}
