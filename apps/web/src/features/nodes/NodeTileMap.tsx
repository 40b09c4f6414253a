import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent, FocusEvent } from 'react';
import { useNavigate } from 'react-router';
import type { NodeRow } from '@pdbscope/shared/api';
import { nodeHref } from '../../app/paths.js';
import { formatCount } from '../../components/numbers.js';
import {
  buildTileMap,
  groupHeading,
  isNotReady,
  mapSummary,
  tileDescription,
  tileStateLabels,
  tileStateOf,
  tileStates,
  type TileMap,
  type TileState,
} from './tile-map.js';
import { moveTileFocus } from './tile-focus.js';

/** Above this many nodes the tiles get smaller, so 5,000 fit in one look. */
const DENSE_FROM = 1_000;

export interface NodeTileMapProps {
  /** The nodes the page's filters keep, but for the drain state. */
  nodes: readonly NodeRow[];
  groupKey: string;
  groupKeys: readonly string[];
  /** The drain state the table is filtered by; the map dims the other tiles. */
  drain: TileState | undefined;
  /** The page's label selector, to show which group (if any) it picks. */
  labels: string;
  onGroupKey: (key: string) => void;
  onDrain: (state: TileState | undefined) => void;
  /** A group's header was clicked: filter by its selector (or stop, when it is the filter). */
  onGroup: (selector: string) => void;
}

interface Tip {
  /** The node's name: the tip stays on it when the nodes change under it. */
  name: string;
  top: number;
  left: number;
}

const escapes: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text made safe for an HTML attribute: names, labels and reasons come from the cluster. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

/**
 * A group's tiles as HTML: plain links, parsed by the browser in one go. Measured at 5,000
 * tiles, creating them from one string costs about half what creating each element from
 * script does, before React's own cost per element; the tiles have no state of their own (the
 * map's handlers are delegated), so nothing is lost.
 */
export function tilesHtml(nodes: readonly NodeRow[], firstIndex: number): string {
  let html = '';
  for (let k = 0; k < nodes.length; k++) {
    const node = nodes[k];
    if (node === undefined) continue;
    const i = firstIndex + k;
    const classes = `tile t-${tileStateOf(node)}${isNotReady(node) ? ' nr' : ''}`;
    html += `<a href="${escapeHtml(nodeHref(node.name))}" class="${classes}" data-i="${i}" tabindex="${i === 0 ? 0 : -1}" aria-label="${escapeHtml(tileDescription(node))}"></a>`;
  }
  return html;
}

/**
 * Every group with its tiles. Memoised: hovering or filtering by drain state (done in CSS) never
 * renders them again; only new nodes, another grouping or another label filter do.
 */
const Tiles = memo(function Tiles({ map, labels }: { map: TileMap; labels: string }) {
  return (
    <>
      {map.groups.map((group) => {
        const heading = groupHeading(group);
        return (
          <div key={group.selector} className="tilemap-group">
            {group.selector === '' ? (
              <p className="tilemap-group-head">{heading}</p>
            ) : (
              <button
                type="button"
                className="tilemap-group-head"
                data-selector={group.selector}
                aria-pressed={labels === group.selector}
                title={`Show only ${group.selector}`}
              >
                {heading}
              </button>
            )}
            <div
              className="tilemap-tiles"
              role="group"
              aria-label={heading}
              dangerouslySetInnerHTML={{ __html: tilesHtml(group.nodes, group.first) }}
            />
          </div>
        );
      })}
    </>
  );
});

function tileOf(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest<HTMLAnchorElement>('a.tile') : null;
}

/**
 * The nodes as tiles coloured by what `kubectl drain` would do now, grouped by a pool or zone
 * label: the whole cluster's drainability in one look. A tile's name, state and reason show on
 * hover and focus; a click opens the node; the legend and the group headers filter the page.
 */
export function NodeTileMap(props: NodeTileMapProps) {
  const { nodes, groupKey, drain, labels } = props;
  const navigate = useNavigate();
  const map = useMemo(() => buildTileMap(nodes, groupKey), [nodes, groupKey]);
  const flat = useMemo(() => map.groups.flatMap((g) => g.nodes), [map]);
  const byName = useMemo(() => new Map(flat.map((node) => [node.name, node])), [flat]);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [tip, setTip] = useState<Tip | null>(null);
  const tipNode = tip === null ? undefined : byName.get(tip.name);
  // The node whose tile has the keyboard focus, to give it back when new nodes replace the tiles.
  const focusedRef = useRef<string | undefined>(undefined);

  // One tab stop for the whole map (arrow keys move within it); a tile that held it may be gone.
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (body === null) return;
    const focused = focusedRef.current;
    const active = document.activeElement;
    if (focused !== undefined && (active === null || active === document.body)) {
      const again = body.querySelector<HTMLAnchorElement>(
        `a.tile[href="${CSS.escape(nodeHref(focused))}"]`,
      );
      if (again !== null) {
        for (const other of body.querySelectorAll<HTMLAnchorElement>('a.tile[tabindex="0"]'))
          other.tabIndex = -1;
        again.tabIndex = 0;
        again.focus();
        return;
      }
    }
    if (body.querySelector('a.tile[tabindex="0"]') !== null) return;
    const first = body.querySelector<HTMLAnchorElement>('a.tile');
    if (first !== null) first.tabIndex = 0;
  }, [map]);

  const show = (tile: HTMLAnchorElement) => {
    const body = bodyRef.current;
    const name = flat[Number(tile.dataset['i'])]?.name;
    if (body === null || name === undefined) return;
    const width = Math.min(360, body.clientWidth);
    setTip({
      name,
      top: tile.offsetTop + tile.offsetHeight + 4,
      left: Math.max(0, Math.min(tile.offsetLeft, body.clientWidth - width)),
    });
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const tile = tileOf(event.target);
    if (tile !== null) {
      // A plain click stays in the app; a modified one opens a tab as any link does.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return;
      event.preventDefault();
      void navigate(tile.getAttribute('href') ?? '/nodes');
      return;
    }
    const head =
      event.target instanceof Element ? event.target.closest<HTMLElement>('[data-selector]') : null;
    const selector = head?.dataset['selector'];
    if (selector !== undefined) props.onGroup(selector);
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const tile = tileOf(event.target);
    if (tile === null) return;
    for (const other of bodyRef.current?.querySelectorAll<HTMLAnchorElement>(
      'a.tile[tabindex="0"]',
    ) ?? [])
      if (other !== tile) other.tabIndex = -1;
    tile.tabIndex = 0;
    focusedRef.current = flat[Number(tile.dataset['i'])]?.name;
    show(tile);
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    setTip(null);
    // A tile still in the page lost the focus to the user; one replaced by new nodes did not.
    if (tileOf(event.target)?.isConnected === true) focusedRef.current = undefined;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tile = tileOf(event.target);
    const body = bodyRef.current;
    if (tile === null || body === null) return;
    const next = moveTileFocus([...body.querySelectorAll<HTMLAnchorElement>('a.tile')], tile, {
      key: event.key,
    });
    if (next === undefined) return;
    event.preventDefault();
    next.focus();
  };

  const { counts } = map;
  return (
    <section className="tilemap card" aria-label="Node map" aria-describedby="tilemap-summary">
      <div className="tilemap-head">
        <p id="tilemap-summary" className="tilemap-summary">
          {mapSummary(counts)}
        </p>
        <label>
          Group by{' '}
          <select value={groupKey} onChange={(event) => props.onGroupKey(event.target.value)}>
            <option value="">No grouping</option>
            {props.groupKeys.map((key) => (
              <option key={key} value={key}>
                {key}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="tilemap-legend" role="group" aria-label="Filter by drainable now">
        {tileStates
          // "Not known" only when some node is: on a cluster seen whole it would never apply.
          .filter((state) => state !== 'unknown' || counts.unknown > 0 || drain === 'unknown')
          .map((state) => (
            <button
              key={state}
              type="button"
              aria-pressed={drain === state}
              onClick={() => props.onDrain(drain === state ? undefined : state)}
            >
              <span className={`tile t-${state}`} aria-hidden="true" /> {tileStateLabels[state]}{' '}
              <span className="muted">{formatCount(counts[state])}</span>
            </button>
          ))}
        <span className="tilemap-key">
          <span className="tile t-drainable nr" aria-hidden="true" /> hollow: NotReady{' '}
          <span className="muted">{formatCount(counts.notReady)}</span>
        </span>
      </div>
      <div
        ref={bodyRef}
        className={`tilemap-body${counts.nodes > DENSE_FROM ? ' dense' : ''}`}
        data-drain={drain}
        onClick={onClick}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={onBlur}
        onMouseOver={(event) => {
          const tile = tileOf(event.target);
          if (tile !== null) show(tile);
        }}
        onMouseLeave={() => setTip(null)}
      >
        <Tiles map={map} labels={labels} />
        {tip !== null && tipNode !== undefined ? (
          <div className="tilemap-tip" role="tooltip" style={{ top: tip.top, left: tip.left }}>
            <strong>{tipNode.name}</strong>{' '}
            <span className={`badge t-${tileStateOf(tipNode)}`}>
              {tileStateLabels[tileStateOf(tipNode)]}
            </span>
            {isNotReady(tipNode) ? (
              <span className="badge bad">
                {tipNode.known ? 'NotReady' : 'not in the snapshot'}
              </span>
            ) : null}
            {tipNode.unschedulable ? <span className="badge warn">cordoned</span> : null}
            {tipNode.drainableNow.reason !== '' ? <p>{tipNode.drainableNow.reason}</p> : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
