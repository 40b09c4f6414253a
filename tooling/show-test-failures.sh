#!/usr/bin/env bash
# After `turbo run test` failed: each failing package's vitest failure report again, last, so the
# end of a long CI log (often all one gets to read) names the failed tests and their errors. A
# property test's report includes fast-check's seed and path, enough to replay it. Turbo keeps each
# task's whole output in the package's .turbo/turbo-test.log.
set -uo pipefail
cd "$(dirname "$0")/.."
for log in packages/*/.turbo/turbo-test.log apps/*/.turbo/turbo-test.log e2e/.turbo/turbo-test.log; do
  [ -f "$log" ] || continue
  # Colour codes removed: the markers are matched and the report is read as plain text.
  plain=$(sed 's/\x1b\[[0-9;]*m//g' "$log")
  grep -qE '^ *(FAIL|×) |Failed Tests [0-9]|Unhandled Errors|ELIFECYCLE' <<<"$plain" || continue
  echo
  echo "=== test failures in ${log%%/.turbo/*} (whole output: $log) ==="
  failed=$(grep -nE 'Failed Tests [0-9]|Unhandled Errors' <<<"$plain" | head -1 | cut -d: -f1)
  if [ -n "$failed" ]; then
    tail -n +"$failed" <<<"$plain" | head -400
  else
    # No vitest report (a crash before it, or another command failed): the end of the output.
    tail -n 80 <<<"$plain"
  fi
done
exit 1
