#!/bin/sh
# A stand-in for Solrex's wolve in the tests of jobs/bench-solrex: it answers every GTP command
# with "= " and a blank line, claims a1 as the only winning move of every position, and logs a
# fixed "MID calls" to default.log in its working folder, as wolve does.
while read -r command _; do
  case "$command" in
    dfpn-solver-find-winning) echo "MID calls      7" >>default.log; printf '=  a1\n\n' ;;
    quit) printf '= \n\n'; exit 0 ;;
    *) printf '= \n\n' ;;
  esac
done
