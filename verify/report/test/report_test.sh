#!/usr/bin/env bash
# The report test: small results of every job but one (hex-large, left missing), one file
# refused (hackenbush-sums, marked incomplete), then jobs/report on them; check_report.py
# checks REPORT.md, report.html, every figure, SCHEMA.md against the files, and a headless
# Chromium screenshot of the page. CGT_REPORT_KEEP=DIR keeps the results there.
#   report_test.sh BUILD_DIR H5_TAMPER
set -uo pipefail
export CGT_BUILD=$1
tamper=$2
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
. "$root/jobs/common.sh"
bin=$CGT_BUILD/bin
if [ -n "${CGT_REPORT_KEEP:-}" ]; then
  dir=$CGT_REPORT_KEEP
  mkdir -p "$dir"
else
  dir=$(mktemp -d /tmp/cgt-report.XXXXXX)
  trap 'rm -rf "$dir"' EXIT
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fail() { echo "FAIL: $*"; exit 1; }
run() { # JOB OPTIONS...: the job's driver with its INI and smaller parameters, on 1 rank
  local job=$1; shift
  "$bin/$(cgt_job_driver "$job")" --config "$root/jobs/$job.ini" --quiet --out "$dir/$job.h5" "$@" >"$dir/$job.log" 2>&1 ||
    { cat "$dir/$job.log"; fail "cgt-$job failed"; }
}
. "$root/verify/common/small_results.sh"
small_results run
"$tamper" "$dir/hackenbush-sums.h5" set-int complete 0 || fail "h5_tamper failed"
"$root/jobs/report" "$dir" || fail "jobs/report failed"
# What a reader sees: headless Chromium's screenshot of the page (Debian's chromium).
command -v chromium >/dev/null || fail "chromium is missing (apt-get install chromium; jobs/test installs it)"
timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
  --disable-component-update --disable-sync --user-data-dir="$dir/chromium" --window-size=1280,4000 \
  --screenshot="$dir/screenshot.png" "file://$dir/report.html" >"$dir/chromium.log" 2>&1 ||
  { tail -5 "$dir/chromium.log"; fail "chromium failed"; }
/usr/bin/python3 "$here/check_report.py" --schema "$root/results/SCHEMA.md" --screenshot "$dir/screenshot.png" \
  "$dir" $(. "$root/jobs/common.sh" && cgt_default_jobs)
