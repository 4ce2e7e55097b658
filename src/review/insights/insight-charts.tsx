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
 * lost since the stage before. The drawing is for the eye; the table beside it says the same to a
 * screen reader.
 */
export function FunnelChart({
  stages,
  labelledBy,
}: {
  stages: FunnelStage[];
  labelledBy: string;
}) {
  const rowHeight = 30;
  const labelWidth = 200;
  const barWidth = 330;
  const width = 720;
  const top = Math.max(1, stages[0]?.count ?? 0);
  return (
    <>
      <svg
        className="insights__chart"
        viewBox={`0 0 ${width} ${stages.length * rowHeight}`}
        aria-hidden="true"
        focusable="false"
      >
        {stages.map((stage, index) => {
          const y = index * rowHeight;
          const lost = lostShare(stages, index);
          return (
            <g key={stage.name} transform={`translate(0 ${y})`}>
              <text x={0} y={19} className="insights__label">
                {stage.name}
              </text>
              <rect
                x={labelWidth}
                y={5}
                width={barWidth}
                height={rowHeight - 10}
                className="insights__track"
              />
              <rect
                x={labelWidth}
                y={5}
                width={(barWidth * Math.min(stage.count, top)) / top}
                height={rowHeight - 10}
                className="insights__bar"
              />
              <text x={labelWidth + barWidth + 10} y={19}>
                {whole.format(stage.count)}
                {lost !== null && (
                  <tspan className="insights__lost">
                    {`  −${percent.format(lost)}`}
                  </tspan>
                )}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden" aria-labelledby={labelledBy}>
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
      <svg
        className="insights__chart"
        viewBox={`0 0 ${width} ${height + 4}`}
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
        <text x={0} y={12} className="insights__label">
          {whole.format(peak)}
        </text>
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
        <text x={0} y={height} className="insights__label">
          {days[0]?.date}
        </text>
        <text x={width} y={height} textAnchor="end" className="insights__label">
          {days.at(-1)?.date}
        </text>
      </svg>
      <p className="insights__legend" aria-hidden="true">
        <span className="insights__key insights__key--soft" /> Visits{' '}
        <span className="insights__key" /> Applications
      </p>
      <table className="visually-hidden" aria-labelledby={labelledBy}>
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
    </>
  );
}
