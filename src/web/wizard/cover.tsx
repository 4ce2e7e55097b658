import { useEffect } from 'react';
import { preload } from 'react-dom';
import type { CoverImage } from '#engine/config-schema.ts';
import { coverIndexFor } from '#engine/navigation.ts';
import { coverSizes } from '#engine/layout.ts';
import { afterNextPaint } from '#web/lib/scheduling.ts';

/** Starts loading a cover at low priority, in the format and size the page will pick for it. */
function preloadCover(cover: CoverImage): void {
  const source = cover.sources[0];
  preload(cover.src, {
    as: 'image',
    fetchPriority: 'low',
    ...(source && {
      imageSrcSet: source.srcset,
      imageSizes: coverSizes,
      type: source.type,
    }),
  });
}

/**
 * The current step's cover; the next step's loads meanwhile, so it never appears blank. It is asked
 * for after the page is up, so it never competes with the first paint for bandwidth.
 */
export function Cover({
  covers,
  stepIndex,
}: {
  covers: readonly CoverImage[];
  stepIndex: number;
}) {
  const cover = covers[coverIndexFor(stepIndex, covers.length)];
  const next = covers[coverIndexFor(stepIndex + 1, covers.length)];
  useEffect(() => {
    // After the paint: inserting the preload in the frame that shows a step delayed it.
    if (next && next !== cover) return afterNextPaint(() => preloadCover(next));
  }, [next, cover]);
  if (!cover) return null;
  // The configuration describes each cover (its alt is required): a picture of the destination,
  // so it is content, and content belongs to a landmark. It stands beside the step, not in it.
  return (
    <aside className="wizard__cover">
      <picture key={cover.src}>
        {cover.sources.map((source) => (
          <source
            key={source.type}
            type={source.type}
            srcSet={source.srcset}
            sizes={coverSizes}
          />
        ))}
        <img
          className="wizard__cover-image"
          src={cover.src}
          alt={cover.alt}
          width={cover.width}
          height={cover.height}
          fetchPriority={stepIndex === 0 ? 'high' : 'auto'}
          decoding="async"
        />
      </picture>
    </aside>
  );
}
