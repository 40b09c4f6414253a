/** `field.ErrorType` names as the oracle and the API's StatusCause use them. */
export type FieldErrorType =
  | 'FieldValueInvalid'
  | 'FieldValueRequired'
  | 'FieldValueForbidden'
  | 'FieldValueNotSupported'
  | 'FieldValueDuplicate'
  | 'FieldValueTooLong';

/** One `field.Error`: where, what kind, the offending value and the detail text. */
export interface FieldError {
  field: string;
  type: FieldErrorType;
  value?: unknown;
  detail: string;
}

const TYPE_TEXT: Readonly<Record<FieldErrorType, string>> = {
  FieldValueInvalid: 'Invalid value',
  FieldValueRequired: 'Required value',
  FieldValueForbidden: 'Forbidden',
  FieldValueNotSupported: 'Unsupported value',
  FieldValueDuplicate: 'Duplicate value',
  FieldValueTooLong: 'Too long',
};

/** `field.Error.Error()`: e.g. `spec.minAvailable: Invalid value: "nope": a valid percent ...`. */
export function fieldErrorText(e: FieldError): string {
  const type = TYPE_TEXT[e.type];
  if (
    e.type === 'FieldValueInvalid' ||
    e.type === 'FieldValueNotSupported' ||
    e.type === 'FieldValueDuplicate'
  ) {
    return `${e.field}: ${type}: ${JSON.stringify(e.value)}: ${e.detail}`;
  }
  return `${e.field}: ${type}: ${e.detail}`;
}
