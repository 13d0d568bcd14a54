include_guard(GLOBAL)
# cgt_hackenbush_cli_tests(<driver target> TYPO <option misspelt in test/typo.ini>
#                          RANKS <stderr regex> <args> CASES "<name>|<stderr regex>|<args>"...)
# The command-line tests every Hackenbush driver has: each case (args separated by '~') is
# one line on stderr and status 2 with no file; so are an unwritable --out, an INI file with
# a typo and the RANKS case run on 2 ranks; --help shows an example.
function(cgt_hackenbush_cli_tests driver)
  cmake_parse_arguments(ARG "" "TYPO" "RANKS;CASES" ${ARGN})
  set(bad ${CMAKE_BINARY_DIR}/cli-${driver}-bad.h5)
  set(exe $<TARGET_FILE:${driver}>)
  foreach(case IN LISTS ARG_CASES)
    string(REPLACE "|" ";" parts "${case}")
    list(GET parts 0 name)
    list(GET parts 1 message)
    list(GET parts 2 args)
    string(REPLACE "~" ";" args "${args}")
    cgt_add_cli_test(NAME "${driver}: ${name}" STATUS 2 STDERR "${message}" ABSENT ${bad}
                     LABELS hackenbush COMMAND ${exe} ${args} --out ${bad})
  endforeach()
  cgt_add_cli_test(NAME "${driver}: unwritable --out" STATUS 2 LABELS hackenbush
                   STDERR "^error: cannot write --out '/nonexistent-dir/x.h5': directory '/nonexistent-dir' does not exist$"
                   ABSENT /nonexistent-dir/x.h5 COMMAND ${exe} --out /nonexistent-dir/x.h5)
  cgt_add_cli_test(NAME "${driver}: INI file with a typo" STATUS 2 LABELS hackenbush
                   STDERR "^error: in --config file '.*typo.ini': unrecognised option '${ARG_TYPO}'$"
                   ABSENT ${bad} COMMAND ${exe} --config ${CMAKE_CURRENT_SOURCE_DIR}/test/typo.ini --out ${bad})
  list(GET ARG_RANKS 0 message)
  list(GET ARG_RANKS 1 args)
  string(REPLACE "~" ";" args "${args}")
  cgt_add_cli_test(NAME "${driver}: bad value on 2 ranks" STATUS 2 LABELS hackenbush STDERR "${message}"
                   ABSENT ${bad} MPI_RANKS 2 COMMAND ${exe} ${args} --out ${bad})
  cgt_add_cli_test(NAME "${driver}: --help" STATUS 0 STDOUT "Example:" LABELS hackenbush COMMAND ${exe} --help)
endfunction()
