/**
 * IntOrString as the API carries it: a JSON number, or a string such as `"30%"`.
 * Strings are kept as written (even invalid ones like `"abc%"`) so that validation can report them.
 */
export type IntOrString = number | string;
