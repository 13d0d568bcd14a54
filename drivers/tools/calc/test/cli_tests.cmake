# cgt-calc on the command line: the README's examples, comparisons, stdin, and every user
# mistake as one line on stderr with status 2.
set(calc $<TARGET_FILE:cgt-calc>)
cgt_add_cli_test(NAME "cgt-calc: --help" STATUS 0 LABELS core STDOUT "Example:" COMMAND ${calc} --help)
cgt_add_cli_test(NAME "cgt-calc: {3|-2} has mean 1/2 and temperature 5/2" STATUS 0 LABELS core
                 STDOUT "^mean: +1/2$" COMMAND ${calc} {3|-2})
cgt_add_cli_test(NAME "cgt-calc: {3|-2} temperature" STATUS 0 LABELS core
                 STDOUT "^temperature: +5/2$" COMMAND ${calc} {3|-2})
cgt_add_cli_test(NAME "cgt-calc: {{4|2}|{-1|-3}} has temperature 5/2" STATUS 0 LABELS core
                 STDOUT "^temperature: +5/2$" COMMAND ${calc} {{4|2}|{-1|-3}})
cgt_add_cli_test(NAME "cgt-calc: {0,^*|0}+* is up + up-second" STATUS 0 LABELS core
                 STDOUT "^value: +\\^\\[2\\]$" COMMAND ${calc} --ascii {0,^*|0}+*)
cgt_add_cli_test(NAME "cgt-calc: ^ + ^ + * is double up star" STATUS 0 LABELS core
                 STDOUT "^value: +\\^\\^\\*$" COMMAND ${calc} --ascii "^ + ^ + *")
cgt_add_cli_test(NAME "cgt-calc: cooling by a method" STATUS 0 LABELS core
                 STDOUT "^value: +\\{2 \\| -1\\}$" COMMAND ${calc} --ascii "{3|-2}.Cool(1)")
cgt_add_cli_test(NAME "cgt-calc: up is confused with star" STATUS 0 LABELS core
                 STDOUT "^\\^ <> \\*: true \\(\\^ \\|\\| \\*\\)$" COMMAND ${calc} --ascii "^ <> *")
cgt_add_cli_test(NAME "cgt-calc: a false comparison is an answer" STATUS 0 LABELS core
                 STDOUT "^\\^ >= \\*: false" COMMAND ${calc} --ascii "^ >= *")
cgt_add_cli_test(NAME "cgt-calc: --json" STATUS 0 LABELS core
                 STDOUT "^\\{\"value\": \"±1\", \"ascii\": \"\\+-1\", \"cgsuite\": \"\\{1\\|-1\\}\".*\"mean\": \"0\", \"temperature\": \"1\""
                 COMMAND ${calc} --json {1|-1})
cgt_add_cli_test(NAME "cgt-calc: a negative expression after --" STATUS 0 LABELS core
                 STDOUT "^value: +-1/2$" COMMAND ${calc} -- -1/2)
cgt_add_cli_test(NAME "cgt-calc: the thermograph drawn" STATUS 0 LABELS core
                 STDOUT "mean 1/2" COMMAND ${calc} --plot {3|-2})
cgt_add_cli_test(NAME "cgt-calc: stdin, a line each" STATUS 0 LABELS core
                 STDOUT "^value: +\\*$" COMMAND sh -c "printf '# comment\\n{1|-1}\\n\\n{1|-1}.Cool(1)\\n' | ${calc}")
cgt_add_cli_test(NAME "cgt-calc: unclosed brace" STATUS 2 LABELS core
                 STDERR "^error: column 8: expected '\\}' to close the '\\{' at column 1 \\(in '\\{0,\\^\\*\\|0'\\)$"
                 COMMAND ${calc} {0,^*|0)
cgt_add_cli_test(NAME "cgt-calc: ambiguous slashes" STATUS 2 LABELS core
                 STDERR "^error: column 5: ambiguous '\\|'" COMMAND ${calc} {1|2|3})
cgt_add_cli_test(NAME "cgt-calc: a nimber too large" STATUS 2 LABELS core
                 STDERR "^error: column 2: nimber \\*2000 is too large \\(at most \\*1023\\)" COMMAND ${calc} *2000)
cgt_add_cli_test(NAME "cgt-calc: not a power of two" STATUS 2 LABELS core
                 STDERR "^error: column 1: '1/3': the denominator must be a power of two" COMMAND ${calc} 1/3)
cgt_add_cli_test(NAME "cgt-calc: unknown method" STATUS 2 LABELS core
                 STDERR "^error: column 8: unknown method '.Boil'" COMMAND ${calc} {3|-2}.Boil)
cgt_add_cli_test(NAME "cgt-calc: atomic weight of a hot game" STATUS 2 LABELS core
                 STDERR "^error: column 8: atomic weight: \\{3\\|-2\\} is not all-small" COMMAND ${calc} {3|-2}.AtomicWeight)
cgt_add_cli_test(NAME "cgt-calc: no comparison operator" STATUS 2 LABELS core
                 STDERR "^error: column 3: unexpected '~' \\(expected \\+, - or a comparison\\)" COMMAND ${calc} "^ ~ *")
cgt_add_cli_test(NAME "cgt-calc: an escape sequence is not echoed raw" STATUS 2 LABELS core
                 STDERR "^error: column 1: unexpected '.x1b' \\(in '.x1b.2J'\\)$"
                 COMMAND sh -c "${calc} \"$(printf '\\033[2J')\"")
cgt_add_cli_test(NAME "cgt-calc: a bad line on stdin" STATUS 2 LABELS core
                 STDERR "^error: line 3, column 4: unexpected end" COMMAND sh -c "printf '{1|-1}\\n\\n{0|\\n' | ${calc}")
cgt_add_cli_test(NAME "cgt-calc: unknown option" STATUS 2 LABELS core
                 STDERR "^error: unrecognised option '--colour'$" COMMAND ${calc} --colour red *)
cgt_add_cli_test(NAME "cgt-calc: --svg of two expressions" STATUS 2 LABELS core
                 STDERR "^error: --svg draws one EXPRESSION, got 2$" COMMAND ${calc} --svg ${CMAKE_CURRENT_BINARY_DIR}/two.svg * ^)
cgt_add_cli_test(NAME "cgt-calc: --svg into a missing directory" STATUS 2 LABELS core
                 STDERR "^error: .*--svg" COMMAND ${calc} --svg /nonexistent/dir/t.svg {3|-2})
cgt_add_cli_test(NAME "cgt-calc: --svg writes the thermograph" STATUS 0 LABELS core
                 STDOUT "<polyline" COMMAND sh -c "${calc} --svg ${CMAKE_CURRENT_BINARY_DIR}/t.svg '{3|-2}' >/dev/null && cat ${CMAKE_CURRENT_BINARY_DIR}/t.svg")
# Fuzzing found v4444 ran for hours (classifying n.up costs about n^3): at most 256 ups a name.
cgt_add_cli_test(NAME "cgt-calc: v4444 is too many downs" STATUS 2 LABELS core
                 STDERR "^error: column 2: number of ups 4444 is too large \\(at most 256\\)" COMMAND ${calc} v4444)
cgt_add_cli_test(NAME "cgt-calc: -1/1v4444*3 is too many downs" STATUS 2 LABELS core
                 STDERR "number of ups 4444 is too large \\(at most 256\\)" COMMAND ${calc} -- -1/1v4444*3)
cgt_add_cli_test(NAME "cgt-calc: 257 carets are too many ups" STATUS 2 LABELS core
                 STDERR "too many ups \\(at most 256\\)" COMMAND ${calc} --ascii "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^")
cgt_add_cli_test(NAME "cgt-calc: v40 is 40 downs" STATUS 0 LABELS core
                 STDOUT "^value: +v{40}$" COMMAND ${calc} --ascii v40)
# Deep values (issue 33): a long sum of ups is valued without recursion on its depth, or
# refused in one line past the stated depth limit; never a crash.
cgt_add_cli_test(NAME "cgt-calc: a sum of 1,000 ups is valued at once (1000 ups, birthday 1001)" STATUS 0 LABELS core
                 STDOUT "^birthday: +1001$" COMMAND sh -c "yes '^' | head -n 1000 | paste -sd+ | ${calc} --ascii")
cgt_add_cli_test(NAME "cgt-calc: a sum of 60,000 ups is refused in one line at the depth limit, not a crash" STATUS 2 LABELS core
                 STDERR "^error: line 1, column 8192: 4096 ups in one value \\(4097 levels of options\\) is past the limit of 4096 levels of options"
                 COMMAND sh -c "yes '^' | head -n 60000 | paste -sd+ | ${calc}")
