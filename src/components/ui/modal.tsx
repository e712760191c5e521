'use client';

import type { ModalProps } from './modal-dialog';
import { useOnDemand } from './use-on-demand';

// Radix Dialog with its focus trap, scroll lock and layers weighs about 13 KB of gzip script, which every page
// would load at start for modals most readers never open: it is fetched the first time one opens.
const loadDialog = () => import('./modal-dialog');

/**
 * The modal service: an overlay, a centred panel and a close button. Focus stays inside while it is open,
 * Escape and a click on the overlay close it, and page scrolling is locked (Radix Dialog). Nothing is rendered
 * (nor loaded) before the first opening.
 *
 * Usage: `<Modal open={open} onOpenChange={setOpen} title="Documents abonnés">…</Modal>`
 */
export function Modal(props: ModalProps) {
  const dialog = useOnDemand(loadDialog, props.open);
  return dialog ? <dialog.ModalDialog {...props} /> : null;
}
