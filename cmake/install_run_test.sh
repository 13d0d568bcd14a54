#!/usr/bin/env bash
# An install that stands alone: `cmake --install BUILD --prefix TMP/prefix`, the prefix then
# moved (TMP/moved: nothing in it may name where it was installed), and everything run from
# another directory, with nothing of the source tree on any path (the source tree itself is
# left as it is):
#   - cgt-nim --version is `cgt-nim NUMBER (git ...)` (NUMBER the project's version);
#   - cgt-nim with the installed INI, then cgt-verify-nim: PASS, from the installed reference
#     data (a figure changed there makes it FAIL);
#   - share/cgt/jobs/run nim and share/cgt/jobs/report from another directory;
#   - python3 -m cgt_results from share/cgt/python; the manual pages in share/man/man1.
#   install_run_test.sh BUILD_DIR NUMBER
set -uo pipefail
build=$1 number=$2
root=$(cd "$(dirname "$0")/.." && pwd)
python=$(. "$root/jobs/common.sh" && cgt_python) || exit 1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cgt-install-run.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" || { cat "$tmp/install.log"; fail "cmake --install failed"; }
mv "$tmp/prefix" "$tmp/moved"
prefix=$tmp/moved
grep -rlI "$tmp/prefix" "$prefix" && fail "files of the install name the prefix it was installed to"
for f in bin/cgt-nim bin/cgt-verify-nim share/cgt/verify-data/nim.txt share/cgt/jobs/nim.ini share/cgt/jobs/nim.slurm \
         share/cgt/jobs/array.slurm share/cgt/jobs/run share/cgt/jobs/report share/cgt/python/cgt_results/__init__.py \
         share/cgt/report/cgt_report.py share/doc/cgt/SCHEMA.md share/man/man1/cgt-nim.1 share/man/man1/cgt-verify-nim.1; do
  [ -e "$prefix/$f" ] || fail "$f is not installed"
done
[ -x "$prefix/share/cgt/jobs/nim.slurm" ] || fail "the Slurm scripts are not executable"

mkdir -p "$tmp/work" "$tmp/home"
cd "$tmp/work"
# Nothing of the source tree or the build on any path.
export PATH=$prefix/bin:/usr/local/bin:/usr/bin:/bin HOME=$tmp/home
unset CGT_BIN CGT_BUILD CGT_PYTHON CGT_JOBS PYTHONPATH
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_hwloc_base_binding_policy=none

version=$(cgt-nim --version) || fail "cgt-nim --version failed"
[[ $version =~ ^cgt-nim\ ${number//./\\.}\ \((git\ [0-9a-zA-Z._-]+|no\ git)\)$ ]] ||
  fail "cgt-nim --version says '$version', not 'cgt-nim $number (git HASH)'"
echo "$version"

cgt-nim --config "$prefix/share/cgt/jobs/nim.ini" --quiet --out nim.h5 || fail "cgt-nim failed"
cgt-verify-nim nim.h5 >verify.txt || { cat verify.txt; fail "cgt-verify-nim of the installed cgt-nim's file failed"; }
tail -1 verify.txt | grep -q "^verdict: PASS" || fail "cgt-verify-nim: $(tail -1 verify.txt)"
echo "installed cgt-nim, then cgt-verify-nim: $(tail -1 verify.txt)"
# The data it compared are the install's: a published figure changed there is a FAIL.
cp "$prefix/share/cgt/verify-data/nim.txt" nim.txt.orig
sed -i 's/^positions_checked = 330$/positions_checked = 331/' "$prefix/share/cgt/verify-data/nim.txt"
cgt-verify-nim nim.h5 >verify.txt
status=$?
cp nim.txt.orig "$prefix/share/cgt/verify-data/nim.txt"
[ $status = 1 ] || fail "cgt-verify-nim does not read the installed reference data (status $status with a figure changed there)"
echo "a figure changed in the installed data: status 1 (the install's data are read)"

mkdir "$tmp/site" && cd "$tmp/site"
CGT_RANKS=2 "$prefix/share/cgt/jobs/run" nim --quiet >run.log 2>&1 || { cat run.log; fail "share/cgt/jobs/run nim failed"; }
cgt-verify-nim results/nim.h5 >/dev/null || fail "share/cgt/jobs/run nim wrote no file that passes into $tmp/site/results"
CGT_PYTHON=$python "$prefix/share/cgt/jobs/report" >report.log 2>&1 || { cat report.log; fail "share/cgt/jobs/report failed"; }
grep -q "^| nim | PASS |" results/REPORT.md || fail "the installed report does not show nim passing"
echo "share/cgt/jobs/run nim and share/cgt/jobs/report from another directory: $(tail -1 report.log)"
PYTHONPATH=$prefix/share/cgt/python "$python" -m cgt_results results/nim.h5 --job nim | tail -1 ||
  fail "python3 -m cgt_results from the install failed"
grep -q '^\.TH CGT-NIM "1"' "$prefix/share/man/man1/cgt-nim.1" && grep -q 'max\\-heap' "$prefix/share/man/man1/cgt-nim.1" ||
  fail "share/man/man1/cgt-nim.1 is not the manual page of cgt-nim's --help"
echo "PASS"
