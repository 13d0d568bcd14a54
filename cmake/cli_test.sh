#!/usr/bin/env bash
# Runs one command-line test: the command's exit status, its stderr (one line matching a
# regular expression when a status other than 0 is expected), its stdout, and files that
# must not exist afterwards (neither FILE nor FILE.partial).
#   cli_test.sh --status N [--stderr RE] [--stdout RE] [--absent FILE]... [--ranks N] -- command...
set -u
status=0 stderr_re= stdout_re= ranks=0 absent=()
while [ $# -gt 0 ]; do
  case "$1" in
    --status) status=$2; shift 2 ;;
    --stderr) stderr_re=$2; shift 2 ;;
    --stdout) stdout_re=$2; shift 2 ;;
    --absent) absent+=("$2"); shift 2 ;;
    --ranks) ranks=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "cli_test.sh: unknown argument $1" >&2; exit 99 ;;
  esac
done
for f in "${absent[@]}"; do rm -f "$f" "$f.partial"; done
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
if [ "$ranks" -gt 0 ]; then
  OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
    mpiexec --quiet --oversubscribe -n "$ranks" "$@" >"$out" 2>"$err"
else
  "$@" >"$out" 2>"$err"
fi
rc=$?
fail=0
if [ "$rc" != "$status" ]; then echo "FAIL: exit status $rc, expected $status"; fail=1; fi
if [ -n "$stderr_re" ]; then
  lines=$(wc -l <"$err")
  if [ "$status" != 0 ] && [ "$lines" != 1 ]; then echo "FAIL: stderr has $lines lines, expected 1"; fail=1; fi
  if ! grep -Eq -- "$stderr_re" "$err"; then echo "FAIL: stderr does not match: $stderr_re"; fail=1; fi
fi
if [ -n "$stdout_re" ] && ! grep -Eq -- "$stdout_re" "$out"; then
  echo "FAIL: stdout does not match: $stdout_re"; fail=1
fi
for f in "${absent[@]}"; do
  if [ -e "$f" ] || [ -e "$f.partial" ]; then echo "FAIL: $f or $f.partial exists"; fail=1; fi
done
if [ $fail != 0 ]; then
  echo "--- command: $*"; echo "--- stdout:"; head -c 4000 "$out"; echo "--- stderr:"; head -c 4000 "$err"
fi
exit $fail
