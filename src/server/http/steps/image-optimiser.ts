import 'server-only';
import { admitImageOptimiser } from '../image-optimiser';
import type { RequestStep } from '../request-step';

/**
 * Media: Next's image optimiser gets the one spelling of our images only (else 400), a few at a time (a full queue
 * answers 503); an admitted request goes on once it has an optimiser slot (image-optimiser.ts).
 */
export const imageOptimiserStep: RequestStep = {
  name: 'image optimiser admission',
  run(request, response) {
    let goOn: () => void = () => {};
    const admitted = new Promise<boolean>((resolve) => {
      goOn = () => resolve(false);
    });
    if (!admitImageOptimiser(request, response, () => goOn())) return false;
    // Refused: answered at once. Otherwise it goes on when a slot is free (never, if the reader left meanwhile).
    return response.writableEnded ? true : admitted;
  },
};
