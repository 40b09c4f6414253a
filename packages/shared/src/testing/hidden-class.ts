// Test-only (the testing kit; production code never imports it). Not I/O: it lets V8 answer
// "do these objects share a hidden class", the only way to see a shape.
// eslint-disable-next-line no-restricted-imports
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--allow-natives-syntax');
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
  a: object,
  b: object,
) => boolean;

/** How many of the objects do not share the first one's hidden class (tests only). */
export function otherHiddenClasses(objects: readonly object[]): number {
  const first = objects[0];
  return first === undefined ? 0 : objects.filter((o) => !haveSameMap(o, first)).length;
}
