#!/usr/bin/env bash
# Prints systemd's exposure score for each unit in deploy/systemd (`systemd-analyze security`, offline: the units are
# read from the repository, nothing is installed). Lower is better: under 1 is rated "SAFE", under 5 "OK".
# Usage: scripts/systemd-security.sh [--detail] [--max SCORE] [UNIT|PATH…]
#   UNIT       a unit in deploy/systemd (docket-serve.service); PATH a unit file elsewhere (an installed one)
#   --detail   every setting systemd weighs, for each unit
#   --max S    exit 1 when a unit scores above S (a check for CI)
# The user units (listen, sync, remind) are scored as system units, so "runs as root" counts against them; under
# a user manager they run as that user.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$DOCKET_ROOT"

usage() { echo "usage: $0 [--detail] [--max SCORE] [UNIT|PATH…]" >&2; exit 64; }
command -v systemd-analyze >/dev/null || die "systemd-analyze is not installed (it comes with systemd: sudo apt-get install systemd)"
detail=false
max=""
units=()
while [ $# -gt 0 ]; do
    case "$1" in
        --detail) detail=true; shift ;;
        --max) [ $# -ge 2 ] || usage; max="$2"; shift 2 ;;
        --max=*) max="${1#--max=}"; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        -*) echo "error: unknown option $1" >&2; usage ;;
        *) units+=("$1"); shift ;;
    esac
done
if [ -n "$max" ] && ! [[ "$max" =~ ^[0-9]+(\.[0-9]+)?$ ]]; then echo "error: --max takes a number, not \"$max\"" >&2; usage; fi
if [ "${#units[@]}" -eq 0 ]; then
    for path in deploy/systemd/*.service; do units+=("$path"); done
fi
over=()
for unit in "${units[@]}"; do
    path="$unit"
    [[ "$path" == */* ]] || path="deploy/systemd/$unit"
    [ -f "$path" ] || die "no unit file at $path; name a unit in deploy/systemd or give a path"
    report=$(systemd-analyze security --offline=true "$path" 2>&1) || die "systemd-analyze could not read $path: $report"
    if $detail; then echo "$report"; fi
    score=$(printf '%s\n' "$report" | sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\) \([A-Z]*\).*/\1 \2/p')
    printf '%-26s %s\n' "$(basename "$path")" "$score"
    if [ -n "$max" ] && awk -v s="${score%% *}" -v m="$max" 'BEGIN { exit !(s > m) }'; then over+=("$(basename "$path")"); fi
done
[ ${#over[@]} -eq 0 ] || die "above $max: ${over[*]}; see scripts/systemd-security.sh --detail ${over[*]}"
