import type { SimulateUpgradeRequest } from '@pdbscope/shared/api';
import type { ProviderGuess } from '@pdbscope/shared/upgrade';
import { PROVIDERS, type Provider } from './upgrade-params.js';

export const PROVIDER_NAMES: Readonly<Record<Provider, string>> = {
  kubectl: 'kubectl drain',
  gke: 'GKE',
  eks: 'EKS',
  aks: 'AKS',
};

/** What each provider does when a drain does not finish in time, as the select says it. */
const AT_TIMEOUT: Readonly<Record<Provider, string>> = {
  kubectl: 'waits for ever on a budget',
  gke: 'deletes the pods left after 1 hour per node',
  eks: 'fails after 15 minutes per node (PodEvictionFailure), or deletes them with force',
  aks: 'fails after its drain timeout (30 minutes by default), or quarantines the node',
};

type ProviderFields = Pick<
  SimulateUpgradeRequest,
  'provider' | 'drainTimeoutSeconds' | 'forceUpdate' | 'undrainableNodeBehavior'
>;

const minutesOf = (seconds: number | undefined): string =>
  seconds === undefined ? '' : String(Math.round(seconds / 60));

/**
 * Who upgrades the pool: the guess from the pool's node labels, shown, and a select that overrides
 * it; then the options the chosen provider takes (its drain timeout, EKS's force, AKS's behaviour
 * for a node it cannot drain).
 */
export function ProviderPicker({
  guess,
  request,
  onChange,
}: {
  guess: ProviderGuess | undefined;
  /** The request as forecast: its provider is the address's, or else the guess. */
  request: SimulateUpgradeRequest;
  /** The provider fields to forecast with (the provider always named: an override). */
  onChange: (fields: ProviderFields) => void;
}) {
  const provider: Provider = request.provider ?? 'kubectl';
  const fields: ProviderFields = {
    provider,
    ...(request.drainTimeoutSeconds !== undefined
      ? { drainTimeoutSeconds: request.drainTimeoutSeconds }
      : {}),
    ...(request.forceUpdate === true ? { forceUpdate: true } : {}),
    ...(request.undrainableNodeBehavior !== undefined
      ? { undrainableNodeBehavior: request.undrainableNodeBehavior }
      : {}),
  };
  return (
    <fieldset className="toolbar" aria-label="Provider">
      <label>
        Provider{' '}
        <select
          value={provider}
          onChange={(event) => onChange({ provider: event.target.value as Provider })}
        >
          {PROVIDERS.map((p) => (
            <option key={p} value={p}>
              {PROVIDER_NAMES[p]}
            </option>
          ))}
        </select>
      </label>
      <span className="muted" aria-label="Provider guess">
        {guess
          ? `Guessed ${PROVIDER_NAMES[guess.provider]} from node label ${guess.label}=${guess.value} on ${guess.node}${guess.provider === provider ? '' : `; forecast as ${PROVIDER_NAMES[provider]}`}.`
          : `No provider label on the pool's nodes: forecast as ${PROVIDER_NAMES[provider]}.`}{' '}
        {PROVIDER_NAMES[provider]} {AT_TIMEOUT[provider]}.
      </span>
      {provider === 'kubectl' ? null : (
        <label>
          Drain timeout (min){' '}
          <input
            type="number"
            min={1}
            placeholder="default"
            value={minutesOf(request.drainTimeoutSeconds)}
            onChange={(event) => {
              const minutes = Math.trunc(Number(event.target.value));
              const { drainTimeoutSeconds: _old, ...rest } = fields;
              onChange(
                Number.isFinite(minutes) && minutes > 0
                  ? { ...rest, drainTimeoutSeconds: minutes * 60 }
                  : rest,
              );
            }}
          />
        </label>
      )}
      {provider === 'eks' ? (
        <label>
          <input
            type="checkbox"
            checked={request.forceUpdate === true}
            onChange={(event) => {
              const { forceUpdate: _old, ...rest } = fields;
              onChange(event.target.checked ? { ...rest, forceUpdate: true } : rest);
            }}
          />{' '}
          Update with force
        </label>
      ) : null}
      {provider === 'aks' ? (
        <label>
          Undrainable node behavior{' '}
          <select
            value={request.undrainableNodeBehavior ?? 'Schedule'}
            onChange={(event) =>
              onChange({
                ...fields,
                undrainableNodeBehavior: event.target.value as 'Schedule' | 'Cordon',
              })
            }
          >
            <option value="Schedule">Schedule (the upgrade fails)</option>
            <option value="Cordon">Cordon (the node is quarantined)</option>
          </select>
        </label>
      ) : null}
    </fieldset>
  );
}
