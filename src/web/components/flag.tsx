// SVG flags, since emoji flags do not render on Windows. The eager `?url&no-inline` glob keeps
// only a code→URL map in the chunk; the browser fetches just the flags it shows.
const flagUrls = import.meta.glob<string>(
  '/node_modules/flag-icons/flags/4x3/*.svg',
  {
    query: '?url&no-inline',
    import: 'default',
    eager: true,
  },
);

export function Flag({ isoCode2 }: { isoCode2: string }) {
  const url =
    flagUrls[
      `/node_modules/flag-icons/flags/4x3/${isoCode2.toLowerCase()}.svg`
    ];
  if (!url) return <span className="flag flag--blank" aria-hidden="true" />;
  return (
    <img
      className="flag"
      src={url}
      width={20}
      height={15}
      alt=""
      loading="lazy"
      decoding="async"
    />
  );
}
