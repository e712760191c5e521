import 'client-only';

/**
 * Whether a mouse button or a finger is down on the page. A field checked on blur (spec section 5) loses its focus
 * when the reader presses on a link or button elsewhere; a message appearing then moves that target before the
 * button is released, and the click lands beside it. Checks that change the layout wait for the release.
 */
let pressed = false;
let listening = false;

const RELEASE_EVENTS = ['pointerup', 'pointercancel'] as const;

/** Starts following presses (once per page); call it before any press may matter, e.g. when a form mounts. */
export function followPointerPresses(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener(
    'pointerdown',
    () => {
      pressed = true;
    },
    true,
  );
  for (const type of RELEASE_EVENTS) {
    window.addEventListener(
      type,
      () => {
        pressed = false;
      },
      true,
    );
  }
}

/**
 * Runs `task` now, or, while a press is under way, once it is released and its click has been dispatched (the
 * release, its mouseup and its click are one task: the next one runs after the click).
 */
export function afterPointerRelease(task: () => void): void {
  if (!pressed) {
    task();
    return;
  }
  const release = () => {
    for (const type of RELEASE_EVENTS) window.removeEventListener(type, release, true);
    setTimeout(task, 0);
  };
  for (const type of RELEASE_EVENTS) window.addEventListener(type, release, true);
}
