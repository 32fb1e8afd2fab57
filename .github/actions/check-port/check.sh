#!/usr/bin/env bash
# Runs check --command on the port (with --expect and --strict when the inputs ask for them),
# writes the Markdown summary to $GITHUB_STEP_SUMMARY (or to standard output outside GitHub)
# and exits with check's status.
set -uo pipefail
read -r -a members <<<"$PORT_MEMBERS"
arguments=(check "${members[@]}" --command "$PORT_COMMAND" --profile "$PORT_PROFILE"
           --protocol "$PORT_PROTOCOL" --json "$REPORT")
if [ -n "${PORT_EXPECT:-}" ]; then arguments+=(--expect "$PORT_EXPECT"); fi
case "${PORT_STRICT:-false}" in
    true) arguments+=(--strict) ;;
    false) ;;
    *) echo "check-port: the input strict is '$PORT_STRICT'; give true or false" >&2; exit 2 ;;
esac
python -m equivalence "${arguments[@]}"
status=$?
summary="${GITHUB_STEP_SUMMARY:-/dev/stdout}"
if [ -f "$REPORT" ]; then
    python -m equivalence summary "$REPORT" >>"$summary"
else
    echo "check wrote no report (status $status)" >>"$summary"
fi
if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "report=$REPORT" >>"$GITHUB_OUTPUT"; fi
exit "$status"
