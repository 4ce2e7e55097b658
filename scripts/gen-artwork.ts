/**
 * Generates the original artwork for the Aldmere Coast application form: four
 * flat, layered "travel poster" cover illustrations and the logo. Everything is
 * drawn procedurally as SVG (no third-party assets, see scripts/artwork/) and
 * rasterised with sharp into config/images, with config/images/artwork.json.
 *
 *   npx tsx scripts/gen-artwork.ts [--out DIR] [--svg]
 *
 * Deterministic: all variation comes from seeded generators, so re-running the
 * script reproduces the same images byte for byte (for a given sharp build).
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { COVERS } from './artwork/cover-list.ts';
import { writeArtwork } from './artwork/write-artwork.ts';

// --out lets a regeneration be compared with the committed files without overwriting them.
const { values } = parseArgs({
  options: { out: { type: 'string' }, svg: { type: 'boolean' } },
});
await writeArtwork(COVERS, {
  outputDir:
    values.out ?? fileURLToPath(new URL('../config/images/', import.meta.url)),
  debugSvg: values.svg ?? false,
});
