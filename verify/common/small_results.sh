# Sourced by the tests that want a result file of each job of jobs/main but hex-large
# (verify/python, verify/report). `small_results RUN` calls `RUN JOB OPTIONS...` once per job,
# the options making it a run of seconds on one rank; RUN puts the file where its test wants it.
small_results() {
  local run=$1
  "$run" nim
  "$run" grundy --max-heap 100000
  "$run" hex-openings --sizes 1-4 --rules rule1+2+distance --misere 2-3 --copy-from 4
  "$run" octal-sweep --subtraction-max 6 --octal-digits 2 --games " " --max-heap 2048 --ceiling 2^12 --definition-ceiling 2^10
  "$run" hackenbush-signs --max-length 10
  "$run" hackenbush-green --graphs 3:5
  "$run" hackenbush-colour --max-edges 3
  "$run" hackenbush-sums --triples 300
  "$run" hackenbush-stalks --max-length 6
  "$run" subtraction-census-small --sets-max 8 --three-move-max 20
}
