import { memo, useDeferredValue, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import type { BudgetDetailResponse, Lane, LanePod } from '@pdbscope/shared/api';
import { nodeHref, podHref } from '../../app/paths.js';
import { EvictableMark } from '../../components/EvictableMark.js';
import { SimulateButton } from '../../components/SimulateButton.js';
import { ShowMore, useShowMore } from '../../components/ShowMore.js';
import { formatCount } from '../../components/numbers.js';
import { podStateWords } from './pod-state.js';

const laneTitles: Record<Lane, string> = {
  available: 'Available',
  unavailable: 'Unavailable',
  disrupted: 'Disrupted',
};
const laneOrder: readonly Lane[] = ['available', 'unavailable', 'disrupted'];
/** Pods drawn per lane at first and per Show more: a 1,000-pod budget opens at once. */
const LANE_PAGE = 100;
/**
 * Of those, the first frame draws a screenful, counted over the lanes in order (the later lanes
 * are below the fold); the rest follow without holding the page.
 */
const FIRST_DRAW = 20;

export interface LanesProps {
  lanes: BudgetDetailResponse['lanes'];
  selected: ReadonlySet<string>;
  onToggle: (pod: string) => void;
  onSimulate: (pod: string) => void;
  busy: boolean;
}

function PodState({ pod }: { pod: LanePod }) {
  const { words, code } = podStateWords(pod);
  return (
    <span>
      {words}
      {code === undefined ? null : (
        <>
          {' '}
          <small className="rule-id mono">{code}</small>
        </>
      )}
    </span>
  );
}

/** Each lane's share of the first frame's FIRST_DRAW pods, the lanes taken in order. */
export function firstDrawShares(counts: readonly number[], first = FIRST_DRAW): number[] {
  let left = first;
  return counts.map((count) => {
    const share = Math.min(count, left);
    left -= share;
    return share;
  });
}

// The pod and node links are plain anchors, their clicks handled once by the lanes (`Lanes`): a
// router Link per link was a large part of a pod's render, and a long lane draws two per pod.
const PodItem = memo(function PodItem({
  pod,
  selected,
  onToggle,
  onSimulate,
  busy,
}: { pod: LanePod } & Omit<LanesProps, 'lanes' | 'selected'> & { selected: boolean }) {
  const key = `${pod.namespace}/${pod.name}`;
  return (
    <li className="pod">
      <div className="pod-head">
        <label>
          <input
            type="checkbox"
            checked={selected}
            onChange={() => onToggle(key)}
            aria-label={`Select ${pod.name}`}
          />{' '}
          <a href={podHref(pod)} className="mono">
            {pod.name}
          </a>
        </label>
        <SimulateButton pod={pod} onSimulate={onSimulate} busy={busy} />
      </div>
      <EvictableMark evictable={pod.evictableNow} />
      <PodState pod={pod} />
      <span className="pod-meta">
        node{' '}
        {pod.nodeName === undefined ? (
          'none (not scheduled)'
        ) : (
          <a href={nodeHref(pod.nodeName)}>{pod.nodeName}</a>
        )}{' '}
        · owner{' '}
        {pod.owner === undefined ? 'none (bare pod)' : `${pod.owner.kind}/${pod.owner.name}`}
      </span>
    </li>
  );
});

function LaneSection({
  lane,
  pods,
  firstDraw,
  selected,
  onToggle,
  onSimulate,
  busy,
}: { lane: Lane; pods: readonly LanePod[]; firstDraw: number } & Omit<LanesProps, 'lanes'>) {
  const { limit, more } = useShowMore(LANE_PAGE);
  // Drawn first with its share of a screenful, then again with the whole page in the background
  // (interruptible).
  const drawn = useDeferredValue(limit, Math.min(limit, firstDraw));
  return (
    <section className={`lane lane-${lane}`} aria-labelledby={`lane-${lane}`}>
      <h3 id={`lane-${lane}`}>
        {/* The bar's colour key, only beside pods it colours: a red swatch over "(0)" read as alarm. */}
        {pods.length === 0 ? null : (
          <span className={`lane-swatch hb-${lane}`} aria-hidden="true" />
        )}
        {laneTitles[lane]} ({formatCount(pods.length)})
      </h3>
      {pods.length === 0 ? (
        <p className="muted">No {laneTitles[lane].toLowerCase()} pods.</p>
      ) : (
        <ul>
          {pods.slice(0, drawn).map((pod) => (
            <PodItem
              key={`${pod.namespace}/${pod.name}`}
              pod={pod}
              selected={selected.has(`${pod.namespace}/${pod.name}`)}
              onToggle={onToggle}
              onSimulate={onSimulate}
              busy={busy}
            />
          ))}
        </ul>
      )}
      <ShowMore
        shown={Math.min(drawn, pods.length)}
        total={pods.length}
        onMore={more}
        step={LANE_PAGE}
      />
    </section>
  );
}

/**
 * The budget's pods in three lanes (the health bar's colours), each pod with why it is there,
 * whether it is evictable now and by which rule, and a Simulate eviction button; a long lane
 * draws 100 pods at a time.
 */
export function Lanes({ lanes, ...rest }: LanesProps) {
  const navigate = useNavigate();
  const shares = firstDrawShares(laneOrder.map((lane) => lanes[lane].length));
  // A plain click on a pod's or node's link stays in the app; a modified one opens a tab as any
  // link does.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    const href = link?.getAttribute('href') ?? '';
    if (!href.startsWith('/')) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    <div className="lanes" onClick={onClick}>
      {laneOrder.map((lane, i) => (
        <LaneSection
          key={lane}
          lane={lane}
          pods={lanes[lane]}
          firstDraw={shares[i] ?? 0}
          {...rest}
        />
      ))}
    </div>
  );
}
