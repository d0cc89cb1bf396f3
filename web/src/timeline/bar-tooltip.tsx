import type { BarDescription } from './bar-description';
import { SIMULATED_HINT } from './usage-format';

/** The hovered or keyboard-focused bar's facts, next to it. */
export function BarTooltip({
  id,
  description,
  x,
  y,
  opensIteration,
}: {
  id: string;
  description: BarDescription;
  x: number;
  y: number;
  opensIteration: boolean;
}) {
  return (
    <div id={id} role="tooltip" className="pv-timeline-tip" style={{ left: x, top: y }} data-testid="timeline-tooltip">
      <div className="pv-timeline-tip__title">{description.title}</div>
      <div className="pv-timeline-tip__kind">
        {description.kind} · <span data-status={description.status}>{description.status}</span>
      </div>
      <dl>
        <dt>Started</dt>
        <dd>{description.at}</dd>
        <dt>Duration</dt>
        <dd>{description.duration}</dd>
        {description.tokens ? (
          <>
            <dt>Tokens</dt>
            <dd>
              {description.tokens}
              {description.simulated ? (
                <span className="pv-chip pv-chip--simulated" title={SIMULATED_HINT}>
                  simulated
                </span>
              ) : null}
            </dd>
            <dt>Cost</dt>
            <dd>{description.cost}</dd>
          </>
        ) : null}
        {description.detail ? (
          <>
            <dt>Decision</dt>
            <dd>{description.detail}</dd>
          </>
        ) : null}
      </dl>
      {opensIteration ? <div className="pv-timeline-tip__hint">Click or press Enter to open this iteration</div> : null}
    </div>
  );
}
