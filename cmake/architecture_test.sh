#!/usr/bin/env bash
# ARCHITECTURE.md's table of jobs against the tree. Fails (status 1, a line per fault) when
#   - a job in jobs/ (jobs/JOB.ini) has no row, or a row names a job without an INI;
#   - a row's INI cell is not jobs/JOB.ini;
#   - a path in a row (a backquoted word with a '/') does not exist;
#   - a name after a path (a backquoted word without '/', not a program) is not a word of
#     that file (or of a file in that folder);
#   - the driver is not the INI's `driver` key (read as jobs/common.sh reads it), not one of
#     the MPI drivers given, or not made by `add_executable` in the folder named beside it;
#   - the verify program is not the INI's `verify` key or not made in the folder beside it.
#   architecture_test.sh SOURCE_DIR DRIVER...
# With --mutations first: the check itself, on copies of the table each with one fault
# (a job's row left out, a path misspelt, a name not in its file, another driver, a program
# no MPI driver): each must fail, naming the fault.
set -uo pipefail
if [ "$1" = --mutations ]; then
  shift
  src=$1
  status=0
  while IFS= read -r line; do
    what=${line%% ;; *} rest=${line#* ;; }
    expr=${rest%% ;; *} expected=${rest#* ;; }
    dir=$(mktemp -d)
    for d in CMakeLists.txt jobs drivers verify kernels; do ln -s "$src/$d" "$dir/$d"; done
    sed -e "$expr" "$src/ARCHITECTURE.md" >"$dir/ARCHITECTURE.md"
    out=$("$0" "$dir" "${@:2}")
    rc=$?
    if [ $rc = 1 ] && grep -qF -- "$expected" <<<"$out"; then
      echo "refused as it must be: $what"
    else
      echo "FAIL: $what: status $rc, no line '$expected' in:"
      echo "$out" | grep FAIL
      status=1
    fi
    rm -rf "$dir"
  done <<'CASES'
a job without a row ;; /^| grundy |/d ;; FAIL: jobs/grundy.ini has no row in ARCHITECTURE.md's table
a path that does not exist ;; s#drivers/nim/nim_schema.hpp#drivers/nim/schema.hpp# ;; FAIL: ARCHITECTURE.md row 'nim': drivers/nim/schema.hpp does not exist
a name not in its file ;; s#`NimJob`#`NimJobs`# ;; FAIL: ARCHITECTURE.md row 'nim': 'NimJobs' is not in drivers/nim/nim_job.hpp
a driver other than the INI's ;; /^| nim |/s#`cgt-nim` `drivers/nim`#`cgt-grundy` `drivers/grundy`# ;; FAIL: ARCHITECTURE.md row 'nim': driver cgt-grundy, but jobs/nim.ini says driver = cgt-nim
a driver folder that does not make it ;; /^| nim |/s#`cgt-nim` `drivers/nim`#`cgt-nim` `drivers/grundy`# ;; FAIL: ARCHITECTURE.md row 'nim': drivers/grundy/CMakeLists.txt does not make cgt-nim
a row of no job ;; s#^| nim | `jobs/nim.ini`#| nimble | `jobs/nimble.ini`# ;; FAIL: ARCHITECTURE.md row 'nimble': there is no jobs/nimble.ini
CASES
  exit $status
fi
root=$1
shift
drivers=" $* "
. "$root/jobs/common.sh"
cd "$root" || exit 2
failed=0
fail() { echo "FAIL: $*"; failed=1; }

table=$(sed -n '/^| Job |/,/^$/p' ARCHITECTURE.md | tail -n +3)
[ -n "$table" ] || { echo "FAIL: ARCHITECTURE.md has no table headed '| Job |'"; exit 1; }

# The backquoted words of a cell, one a line.
words() {
  local s=$1 re='`([^`]*)`'
  while [[ $s =~ $re ]]; do
    printf '%s\n' "${BASH_REMATCH[1]}"
    s=${s#*"${BASH_REMATCH[0]}"}
  done
}

# Checks a cell's words: paths exist, a name after a path is in it. A program (cgt-*) and
# the path after it: cell_program, cell_folder.
check_cell() {
  local row=$1 cell=$2 path="" program="" w
  cell_program="" cell_folder=""
  while read -r w; do
    [ -n "$w" ] || continue
    if [[ "$w" == */* ]]; then
      [ -e "$w" ] || fail "$row: $w does not exist"
      path=$w
      if [ -n "$program" ]; then cell_program=$program cell_folder=$w program=""; fi
    elif [[ "$w" == cgt-* ]]; then
      program=$w
    elif [ -z "$path" ]; then
      fail "$row: '$w' follows no path"
    elif [ -e "$path" ] && ! grep -rqw -- "$w" "$path"; then
      fail "$row: '$w' is not in $path"
    fi
  done < <(words "$cell")
  [ -z "$program" ] || fail "$row: $program has no folder beside it"
}

# made_in PROGRAM FOLDER: the folder's CMakeLists.txt makes the program.
made_in() { grep -q "add_executable($1[ )]" "$2/CMakeLists.txt" 2>/dev/null; }

rows=""
while IFS='|' read -r _ job ini driver class schema kernel verify tests _; do
  job=${job#"${job%%[![:space:]]*}"} job=${job%"${job##*[![:space:]]}"} # trimmed
  rows+=" $job "
  row="ARCHITECTURE.md row '$job'"
  [ -f "jobs/$job.ini" ] || { fail "$row: there is no jobs/$job.ini"; continue; }
  [ "$(words "$ini")" = "jobs/$job.ini" ] || fail "$row: the INI cell is not \`jobs/$job.ini\`"
  for cell in "$ini" "$class" "$schema" "$kernel" "$tests"; do check_cell "$row" "$cell"; done
  [ -n "$(words "$class")" ] && [ -n "$(words "$schema")" ] && [ -n "$(words "$kernel")" ] &&
    [ -n "$(words "$tests")" ] || fail "$row: a cell is empty"

  ini_driver=$(cgt_job_setting "$job" driver "")
  check_cell "$row" "$driver"
  program=$cell_program folder=$cell_folder driver_folder=$cell_folder
  if [ -z "$ini_driver" ]; then
    fail "jobs/$job.ini has no key 'driver = PROGRAM'"
  elif [ "$program" != "$ini_driver" ]; then
    fail "$row: driver ${program:-(none)}, but jobs/$job.ini says driver = $ini_driver"
  elif [[ "$drivers" != *" $ini_driver "* ]]; then
    fail "jobs/$job.ini: driver = $ini_driver is none of the MPI drivers ($*)"
  elif ! made_in "$ini_driver" "$folder"; then
    fail "$row: $folder/CMakeLists.txt does not make $ini_driver"
  fi

  ini_verify=$(cgt_job_setting "$job" verify "")
  check_cell "$row" "$verify"
  program=$cell_program folder=$cell_folder
  if [ "$program" != "$ini_verify" ]; then
    fail "$row: verify program ${program:-(none)}, but jobs/$job.ini says verify = $ini_verify"
  elif ! made_in "$ini_verify" "$folder"; then
    fail "$row: $folder/CMakeLists.txt does not make $ini_verify"
  fi
  echo "$job: $ini_driver in $driver_folder, $ini_verify in $folder"
done <<<"$table"

for job in $(cgt_all_jobs); do
  [[ "$rows" == *" $job "* ]] || fail "jobs/$job.ini has no row in ARCHITECTURE.md's table"
done
exit $failed
