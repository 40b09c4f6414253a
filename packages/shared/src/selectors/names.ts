// apimachinery's name and value validators (pkg/util/validation/validation.go), with its messages.

const QUALIFIED_NAME_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const QUALIFIED_NAME_RE = new RegExp(`^${QUALIFIED_NAME_FMT}$`);
const QUALIFIED_NAME_MAX = 63;
const LABEL_VALUE_RE = new RegExp(`^(${QUALIFIED_NAME_FMT})?$`);
const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1123_SUBDOMAIN_RE = new RegExp(`^${DNS1123_SUBDOMAIN_FMT}$`);
const DNS1123_SUBDOMAIN_MAX = 253;

function regexError(msg: string, fmt: string, examples: string[]): string {
  const e = examples.map((x) => `'${x}'`).join(',  or ');
  return `${msg} (e.g. ${e}, regex used for validation is '${fmt}')`;
}

const QUALIFIED_NAME_ERR =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";

const DNS1123_LABEL_RE = new RegExp(`^${DNS1123_LABEL_FMT}$`);
const DNS1123_LABEL_MAX = 63;

/** `validation.IsDNS1123Label` (namespace names): the detail messages, empty when valid. */
export function dns1123LabelErrors(value: string): string[] {
  const errs: string[] = [];
  if (value.length > DNS1123_LABEL_MAX)
    errs.push(`must be no more than ${DNS1123_LABEL_MAX} characters`);
  if (!DNS1123_LABEL_RE.test(value)) {
    errs.push(
      regexError(
        "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character",
        DNS1123_LABEL_FMT,
        ['my-name', '123-abc'],
      ),
    );
  }
  return errs;
}

/** `validation.IsDNS1123Subdomain` (most object names): the detail messages, empty when valid. */
export function dns1123SubdomainErrors(value: string): string[] {
  return isDns1123Subdomain(value);
}

function isDns1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (value.length > DNS1123_SUBDOMAIN_MAX)
    errs.push(`must be no more than ${DNS1123_SUBDOMAIN_MAX} characters`);
  if (!DNS1123_SUBDOMAIN_RE.test(value)) {
    errs.push(
      regexError(
        "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
        DNS1123_SUBDOMAIN_FMT,
        ['example.com'],
      ),
    );
  }
  return errs;
}

/** `validation.IsQualifiedName`: the detail messages, empty when valid. */
export function qualifiedNameErrors(value: string): string[] {
  const parts = value.split('/');
  let name: string;
  const errs: string[] = [];
  if (parts.length === 1) {
    name = parts[0] ?? '';
  } else if (parts.length === 2) {
    const prefix = parts[0] ?? '';
    name = parts[1] ?? '';
    if (prefix.length === 0) errs.push('prefix part must be non-empty');
    else for (const m of isDns1123Subdomain(prefix)) errs.push(`prefix part ${m}`);
  } else {
    return [
      'a qualified name ' +
        regexError(QUALIFIED_NAME_ERR, QUALIFIED_NAME_FMT, ['MyName', 'my.name', '123-abc']) +
        " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ];
  }
  if (name.length === 0) errs.push('name part must be non-empty');
  else if (name.length > QUALIFIED_NAME_MAX)
    errs.push(`name part must be no more than ${QUALIFIED_NAME_MAX} characters`);
  if (!QUALIFIED_NAME_RE.test(name)) {
    errs.push(
      'name part ' +
        regexError(QUALIFIED_NAME_ERR, QUALIFIED_NAME_FMT, ['MyName', 'my.name', '123-abc']),
    );
  }
  return errs;
}

/** `validation.IsValidLabelValue`: the detail messages, empty when valid. */
export function labelValueErrors(value: string): string[] {
  const errs: string[] = [];
  if (value.length > QUALIFIED_NAME_MAX)
    errs.push(`must be no more than ${QUALIFIED_NAME_MAX} characters`);
  if (!LABEL_VALUE_RE.test(value)) {
    errs.push(
      regexError(
        "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
        `(${QUALIFIED_NAME_FMT})?`,
        ['MyValue', 'my_value', '12345'],
      ),
    );
  }
  return errs;
}
