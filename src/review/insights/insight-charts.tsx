const whole = new Intl.NumberFormat('en');
const percent = new Intl.NumberFormat('en', {
  style: 'percent',
  maximumFractionDigits: 0,
});

export type FunnelStage = { name: string; count: number };

/** The share of the stage before that did not reach this one; none for the first. */
const lostShare = (stages: FunnelStage[], index: number) => {
  const before = stages[index - 1]?.count;
  const count = stages[index]?.count ?? 0;
  if (before === undefined || before === 0) return null;
  return Math.max(0, 1 - count / before);
};

/**
 * Each stage of the funnel as a bar as long as its share of the visits, with its count and the share
 * lost since the stage before: a list in the page's own text, so that its words keep their size on a
 * phone (where the name and count stand over the bar). The list is for the eye; the table beside it
 * says the same to a screen reader.
 */
export function FunnelChart({
  stages,
  labelledBy,
}: {
  stages: FunnelStage[];
  labelledBy: string;
}) {
  const top = Math.max(1, stages[0]?.count ?? 0);
  return (
    <>
      <ol className="insights__funnel" aria-hidden="true">
        {stages.map((stage, index) => {
          const lost = lostShare(stages, index);
          return (
            <li key={stage.name} className="insights__stage">
              <span className="insights__stage-name">{stage.name}</span>
              <span className="insights__stage-track">
                <span
                  className="insights__stage-bar"
                  style={{
                    width: `${(100 * Math.min(stage.count, top)) / top}%`,
                  }}
                />
              </span>
              <span className="insights__stage-count">
                {whole.format(stage.count)}
                {lost !== null && (
                  <span className="insights__lost">
                    {` −${percent.format(lost)}`}
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ol>
      {/* Hidden by a box around it: a table takes the width its cells need whatever its own is, and would widen the page. */}
      <div className="visually-hidden">
        <table aria-labelledby={labelledBy}>
          <thead>
            <tr>
              <th scope="col">Stage</th>
              <th scope="col">Visits</th>
              <th scope="col">Lost since the stage before</th>
            </tr>
          </thead>
          <tbody>
            {stages.map((stage, index) => {
              const lost = lostShare(stages, index);
              return (
                <tr key={stage.name}>
                  <th scope="row">{stage.name}</th>
                  <td>{whole.format(stage.count)}</td>
                  <td>{lost === null ? '—' : percent.format(lost)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

type Day = { date: string; visits: number; submitted: number };

/** Visits per day as bars, applications as the darker bars inside them, and the same as a table. */
export function DailyChart({
  days,
  labelledBy,
}: {
  days: Day[];
  labelledBy: string;
}) {
  const width = 720;
  const height = 160;
  const axis = 20;
  const peak = Math.max(1, ...days.map((day) => day.visits));
  const slot = width / Math.max(1, days.length);
  const heightOf = (count: number) => ((height - axis) * count) / peak;
  return (
    <>
      {/* The numbers and dates are the page's own text, not the drawing's: drawn text would shrink
          with the drawing on a phone. */}
      <p className="insights__scale" aria-hidden="true">
        {whole.format(peak)}
      </p>
      <svg
        className="insights__chart"
        viewBox={`0 0 ${width} ${height - axis + 4}`}
        aria-hidden="true"
        focusable="false"
      >
        <line
          x1={0}
          x2={width}
          y1={height - axis}
          y2={height - axis}
          className="insights__axis"
        />
        {days.map((day, index) => {
          const x = index * slot;
          return (
            <g key={day.date}>
              <rect
                x={x + slot * 0.1}
                y={height - axis - heightOf(day.visits)}
                width={slot * 0.8}
                height={heightOf(day.visits)}
                className="insights__bar insights__bar--soft"
              />
              <rect
                x={x + slot * 0.25}
                y={height - axis - heightOf(day.submitted)}
                width={slot * 0.5}
                height={heightOf(day.submitted)}
                className="insights__bar"
              />
            </g>
          );
        })}
      </svg>
      <p className="insights__scale insights__scale--dates" aria-hidden="true">
        <span>{days[0]?.date}</span>
        <span>{days.at(-1)?.date}</span>
      </p>
      <p className="insights__legend" aria-hidden="true">
        <span className="insights__key insights__key--soft" /> Visits{' '}
        <span className="insights__key" /> Applications
      </p>
      {/* Hidden by a box around it: a table takes the width its cells need whatever its own is, and would widen the page. */}
      <div className="visually-hidden">
        <table aria-labelledby={labelledBy}>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Visits</th>
              <th scope="col">Applications</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{day.date}</th>
                <td>{whole.format(day.visits)}</td>
                <td>{whole.format(day.submitted)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
