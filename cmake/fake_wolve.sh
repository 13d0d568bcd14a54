#!/bin/sh
# A stand-in for Benzene's wolve in the tests of jobs/bench-benzene: it answers every GTP
# command with "= " and a blank line, claims every position for black (the opener), and
# logs a fixed "MID calls" to default.log in its working folder, as wolve does.
while read -r command _; do
  case "$command" in
    dfpn-solve-state) echo "MID calls      7" >>default.log; printf '= black\n\n' ;;
    quit) printf '= \n\n'; exit 0 ;;
    *) printf '= \n\n' ;;
  esac
done
