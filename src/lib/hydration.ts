/**
 * Dispatched on `window` once React has hydrated the reader site's frame (HydrationSignal). The loader that runs the
 * framework's scripts after the largest paint (src/server/http/scripts-after-paint.ts) replays then what a reader
 * did before: the clicks on buttons that only scripts handle, the text typed into fields, the hover of a menu.
 */
export const HYDRATED_EVENT = 'quotidienne:hydrated';
