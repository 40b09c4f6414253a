#!/usr/bin/env bash
# The system programs the tests drive for real, installed from Debian when missing, so that
# `pnpm test` alone works on a fresh Debian machine with only Node 20:
#   chromium            browser tests (e2e, bench:web)
#   kubectl             drain plans checked against real `kubectl drain` on the simulator
#   prometheus/promtool the metrics endpoint scraped by a real Prometheus
set -euo pipefail

# command → Debian package that provides it
declare -A package_of=(
  [chromium]=chromium
  [kubectl]=kubernetes-client
  [prometheus]=prometheus
  [promtool]=prometheus
)

missing=()
for command_name in chromium kubectl prometheus promtool; do
  if ! command -v "$command_name" >/dev/null 2>&1; then
    package="${package_of[$command_name]}"
    [[ " ${missing[*]-} " == *" $package "* ]] || missing+=("$package")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "pnpm test needs ${missing[*]}: run 'sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}' (or run pnpm test as root), then retry." >&2
  exit 1
fi

echo "ensure-test-tools: installing ${missing[*]} from Debian" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
