// Test-only (the testing kit; production code never imports it): lets V8 answer "do these objects
// share a hidden class", the only way to see a shape. V8 allows the question only to a process
// started with --allow-natives-syntax: the *.v8.test.ts files run in such processes (see
// vitest.config.ts). Setting the flag at run time instead (v8.setFlagsFromString) races with the
// other test workers' isolates, which V8 does not guard.
let haveSameMap: ((a: object, b: object) => boolean) | undefined;

function sameMapQuery(): (a: object, b: object) => boolean {
  try {
    return new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
  } catch {
    throw new Error(
      'hidden classes can be compared only in a process started with --allow-natives-syntax: name the test file *.v8.test.ts',
    );
  }
}

/** How many of the objects do not share the first one's hidden class (tests only). */
export function otherHiddenClasses(objects: readonly object[]): number {
  const first = objects[0];
  if (first === undefined) return 0;
  haveSameMap ??= sameMapQuery();
  const same = haveSameMap;
  return objects.filter((o) => !same(o, first)).length;
}
