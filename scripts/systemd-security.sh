#!/usr/bin/env bash
# Prints systemd's exposure score for each unit in deploy/systemd (`systemd-analyze security`, offline: the units are
# read from the repository, nothing is installed). Lower is better; under 2 is rated "OK". Pass unit names to check
# only those, and --detail for every setting systemd weighs.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$DOCKET_ROOT"

command -v systemd-analyze >/dev/null || die "systemd-analyze is not installed (it comes with systemd: sudo apt-get install systemd)"
detail=false
units=()
for arg in "$@"; do
    case "$arg" in
        --detail) detail=true ;;
        *) units+=("$arg") ;;
    esac
done
if [ "${#units[@]}" -eq 0 ]; then
    for path in deploy/systemd/*.service; do units+=("$(basename "$path")"); done
fi
for unit in "${units[@]}"; do
    report=$(systemd-analyze security --offline=true "deploy/systemd/$unit" 2>&1) || die "systemd-analyze could not read deploy/systemd/$unit: $report"
    if $detail; then echo "$report"; fi
    score=$(printf '%s\n' "$report" | sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\) \([A-Z]*\).*/\1 \2/p')
    printf '%-26s %s\n' "$unit" "$score"
done
