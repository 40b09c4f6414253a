import type { PubView } from '@pdbscope/shared';
import {
  pdbFromObject,
  pubFromObject,
  validatePdb,
  validatePdbStatus,
  validatePub,
} from '@pdbscope/shared';
import type { StoreError } from './errors.js';
import type { ObjectValidator } from './write-rules.js';

/** OpenKruise's PUB validating webhook, as its denials name it. */
export const PUB_WEBHOOK = 'vpodunavailablebudget.kb.io';

const validatePdbObject: ObjectValidator = ({ object, subresource }) => {
  const pdb = pdbFromObject(object);
  if (!pdb.ok)
    return [{ field: 'metadata', type: 'FieldValueInvalid', value: null, detail: pdb.error }];
  const options = { apiVersion: pdb.value.apiVersion };
  return subresource === 'status'
    ? validatePdbStatus(pdb.value.status, options)
    : validatePdb(pdb.value, options);
};

/** A PUB create/update goes through Kruise's webhook: a denial is 422 with its messages. */
const validatePubObject: ObjectValidator = ({ object, old, subresource, peers }) => {
  if (subresource === 'status') return [];
  const candidate = pubFromObject(object);
  if (!candidate.ok) return webhookDenial([candidate.error]);
  const others: PubView[] = [];
  for (const peer of peers(object.metadata.namespace)) {
    if (peer.metadata.name === object.metadata.name) continue;
    const converted = pubFromObject(peer);
    if (converted.ok) others.push(converted.value);
  }
  const previous = old === undefined ? undefined : pubFromObject(old);
  const messages = validatePub(
    candidate.value,
    others,
    previous?.ok === true ? previous.value : undefined,
  );
  return messages.length === 0 ? [] : webhookDenial(messages);
};

function webhookDenial(messages: readonly string[]): StoreError {
  const text = messages.length === 1 ? (messages[0] ?? '') : `[${messages.join(', ')}]`;
  return {
    code: 422,
    reason: 'Invalid',
    message: `admission webhook "${PUB_WEBHOOK}" denied the request: ${text}`,
    details: { causes: messages.map((message) => ({ message })) },
  };
}

/** The validation the simulator applies to writes by default. */
export const defaultValidators: Readonly<Record<string, ObjectValidator>> = {
  poddisruptionbudgets: validatePdbObject,
  podunavailablebudgets: validatePubObject,
};
