import { livePause, useLivePause } from '../../api/live-pause.js';
import { formatCount } from '../../components/numbers.js';

const clockTime = (ms: number): string =>
  new Date(ms).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/**
 * In the connection bar: freezes every number on the page while an SRE reads a forecast or a
 * plan on a moving cluster. The BFF keeps watching; the count says how much the view lags.
 */
export function PauseToggle() {
  const pause = useLivePause();
  return (
    <span className="pause-toggle">
      <button
        type="button"
        className="small"
        aria-pressed={pause.paused}
        onClick={() => (pause.paused ? livePause.resume() : livePause.pause(Date.now()))}
      >
        {pause.paused ? 'Resume live updates' : 'Pause live updates'}
      </button>
      {pause.paused && pause.since !== undefined ? (
        <>
          {' '}
          <span role="status" className="away">
            Paused: as of {clockTime(pause.since)}, {formatCount(pause.waiting)}{' '}
            {pause.waiting === 1 ? 'change' : 'changes'} waiting
          </span>
        </>
      ) : null}
    </span>
  );
}
