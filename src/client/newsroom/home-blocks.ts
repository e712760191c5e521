/** Browser side of the home blocks' Admin API calls. */

import { type HomeBlock, homeBlocksAnswer } from '@/lib/contracts/home-blocks';
import { adminCall } from '../admin';

export const getHomeBlocks = (signal?: AbortSignal) => adminCall(homeBlocksAnswer, '/home', { signal });
/** One block replaced whole, in display order (the body is checked by the server's contract). */
export const putHomeBlock = (block: HomeBlock, items: unknown[]) =>
  adminCall(homeBlocksAnswer, `/home/${block}`, { method: 'PUT', json: { items } });
