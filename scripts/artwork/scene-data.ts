import rampsJson from './gradient-ramps.json' with { type: 'json' };
import outlinesJson from './outlines.json' with { type: 'json' };
import { readRamps } from './toolkit/gradients.ts';
import { readOutlines } from './toolkit/svg.ts';

/** Gradient colour ramps, by the module that draws them and then by gradient id. */
export const RAMPS = readRamps(rampsJson);

/** Key points of silhouettes (coasts, hills, ranges), by the module that draws them. */
export const OUTLINES = readOutlines(outlinesJson);
