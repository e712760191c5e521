'use client';

import {
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { MENU_CLOSE_DELAY_MS } from '@/lib/constants';

/** Hover opens menus only with a mouse on a wide screen: never on touch screens or on mobile. */
function hoverAllowed(event: PointerEvent): boolean {
  return event.pointerType === 'mouse' && window.matchMedia('(hover: hover) and (min-width: 1000px)').matches;
}

/**
 * A disclosure menu of the header (spec section 4): opens on hover after `openDelay` ms (not on mobile) and on
 * click, closes MENU_CLOSE_DELAY_MS after the pointer leaves, on a click outside, on Escape (focus back to the
 * trigger) and when the focus leaves it. A click on a menu opened by hover keeps it open.
 */
export function useDropdown<Root extends HTMLElement = HTMLLIElement>(openDelay = 0) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<Root>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const openTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const openedByHover = useRef(false);

  const clearTimers = useCallback(() => {
    clearTimeout(openTimer.current);
    clearTimeout(closeTimer.current);
  }, []);

  const close = useCallback(() => {
    clearTimers();
    setOpen(false);
  }, [clearTimers]);

  useEffect(() => clearTimers, [clearTimers]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const rootProps = {
    ref: rootRef,
    onPointerEnter(event: PointerEvent) {
      if (!hoverAllowed(event)) return;
      clearTimeout(closeTimer.current);
      if (open) return;
      clearTimeout(openTimer.current);
      openTimer.current = setTimeout(() => {
        openedByHover.current = true;
        setOpen(true);
      }, openDelay);
    },
    onPointerLeave(event: PointerEvent) {
      if (!hoverAllowed(event)) return;
      clearTimeout(openTimer.current);
      closeTimer.current = setTimeout(() => setOpen(false), MENU_CLOSE_DELAY_MS);
    },
    onBlur(event: FocusEvent) {
      if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) close();
    },
    onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape' && open) {
        event.stopPropagation();
        close();
        triggerRef.current?.focus();
      }
    },
  };

  const triggerProps = {
    ref: triggerRef,
    type: 'button' as const,
    'aria-expanded': open,
    'aria-controls': panelId,
    onClick() {
      clearTimers();
      // Read from the state to come, not this render's `open`: the hover's timer may have opened the menu an
      // instant before the click, without a render in between (the click would then have closed it again).
      const byHover = openedByHover.current;
      openedByHover.current = false;
      setOpen((value) => (value && byHover) || !value);
    },
    onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'ArrowDown') return;
      event.preventDefault();
      clearTimers();
      setOpen(true);
      // The panel is rendered on this commit; focus its first link on the next frame.
      requestAnimationFrame(() => {
        document.getElementById(panelId)?.querySelector<HTMLElement>('a, button')?.focus();
      });
    },
  };

  return { open, close, rootProps, triggerProps, panelProps: { id: panelId, hidden: !open } };
}
