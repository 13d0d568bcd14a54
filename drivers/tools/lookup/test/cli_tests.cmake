# cgt-lookup against result files made by the jobs' own drivers (stalks of 1..12 edges, as
# results/hackenbush-stalks.h5 holds them; graphs on 3 vertices with 1..4 edges), made once
# by a fixture; refusals of partial, altered and foreign files; bad queries.
set(lookup $<TARGET_FILE:cgt-lookup>)
set(atlas ${CMAKE_CURRENT_BINARY_DIR}/atlas)
add_test(NAME "cgt-lookup: make the stalk and graph files"
         COMMAND sh -c "rm -rf ${atlas} && mkdir -p ${atlas} && $<TARGET_FILE:cgt-hackenbush-stalks> --max-length 12 --quiet --out ${atlas}/stalks.h5 && $<TARGET_FILE:cgt-hackenbush-colour> --vertices 3 --max-edges 4 --quiet --out ${atlas}/colour.h5 && cp ${atlas}/stalks.h5 ${atlas}/altered.h5 && $<TARGET_FILE:h5_tamper> ${atlas}/altered.h5 bump /values/text && cp ${atlas}/stalks.h5 ${atlas}/unsorted.h5 && $<TARGET_FILE:h5_tamper> ${atlas}/unsorted.h5 copy /values/text 1 0 && cp ${atlas}/stalks.h5 ${atlas}/half.h5.partial")
set_tests_properties("cgt-lookup: make the stalk and graph files" PROPERTIES
                     FIXTURES_SETUP cgt_lookup_atlas ENVIRONMENT "${CGT_MPI_TEST_ENV}" LABELS "hackenbush" TIMEOUT 300)
set(files --stalks ${atlas}/stalks.h5 --graphs ${atlas}/colour.h5)
set(files_sh "--stalks ${atlas}/stalks.h5 --graphs ${atlas}/colour.h5")
function(cgt_lookup_test name)
  cgt_add_cli_test(NAME "cgt-lookup: ${name}" LABELS hackenbush ${ARGN})
  set_tests_properties("cgt-lookup: ${name}" PROPERTIES FIXTURES_REQUIRED cgt_lookup_atlas)
endfunction()
cgt_add_cli_test(NAME "cgt-lookup: --help" STATUS 0 LABELS hackenbush STDOUT "Example:" COMMAND ${lookup} --help)
cgt_lookup_test("which stalks of length <= 12 have value 1/2*" STATUS 0
                STDOUT "^value 1/2\\*: 1 match \\(1 stalk, 0 graphs\\) in [0-9.]+ ms$"
                COMMAND ${lookup} ${files} --in stalks --value 1/2* --max-length 12)
cgt_lookup_test("the stalk of value 1/2* is BRG" STATUS 0
                STDOUT "^  stalk BRG \\(length 3\\): 1/2\\*  \\[x\\+\\*m\\]$"
                COMMAND ${lookup} ${files} --in stalks --value 1/2* --max-length 12)
cgt_lookup_test("the value of stalk GBRBG" STATUS 0
                STDOUT "^  stalk GBRBG \\(length 5\\): \\{0, \\{0, \\{0, \\* \\| 0, \\^\\*\\} \\| 0, \\^\\*\\} \\| 0, \\{0, \\{0, \\* \\| 0, \\^\\*\\} \\| 0, \\^\\*\\}\\}  \\[other\\]$"
                COMMAND ${lookup} ${files} --ascii --stalk GBRBG)
cgt_lookup_test("a stalk longer than the file holds" STATUS 0 STDOUT "^stalk BBBBBBBBBBBBB: 0 matches"
                COMMAND ${lookup} ${files} --stalk BBBBBBBBBBBBB)
cgt_lookup_test("the value of a graph, in any edge order" STATUS 0
                STDOUT "^  graph 0-1B 1-2R \\(BR, 2 edges\\): 1/2  \\[number, outcome L\\]$"
                COMMAND ${lookup} ${files} --graph "2-1R 0-1B")
cgt_lookup_test("every graph and stalk of value up star" STATUS 0
                STDOUT "^value ↑\\*: [0-9]+ matches \\(1 stalk, [0-9]+ graphs\\)"
                COMMAND ${lookup} ${files} --value ^*)
cgt_lookup_test("graphs by outcome" STATUS 0 STDOUT "^outcome N: [0-9]+ matches \\(0 stalks, [0-9]+ graphs\\)"
                COMMAND ${lookup} ${files} --in graphs --outcome N)
cgt_lookup_test("graphs by temperature" STATUS 0 STDOUT "^temperature 1/2..1: [0-9]+ matches"
                COMMAND ${lookup} ${files} --in graphs --temperature 1/2..1)
cgt_lookup_test("graphs by atomic weight" STATUS 0 STDOUT "^atomic weight 1: [0-9]+ matches"
                COMMAND ${lookup} ${files} --in graphs --atomic-weight 1)
cgt_lookup_test("counts by category" STATUS 0 STDOUT "^  length 12:  all 531441 "
                COMMAND ${lookup} ${files} --counts)
cgt_lookup_test("queries from stdin, each timed" STATUS 0 STDOUT "^value 1/2: [0-9]+ matches \\(1 stalk, [0-9]+ graphs\\) in [0-9.]+ ms$"
                COMMAND sh -c "printf 'stalk BR\\nvalue 1/2\\n' | ${lookup} ${files_sh} --max-edges 2 --batch")
cgt_lookup_test("--json" STATUS 0
                STDOUT "^\\{\"query\": \"stalk BRG\", \"matches\": 1, .*\"rows\": .\\{\"source\": \"stalk\", \"key\": \"BRG\", \"size\": 3, \"value\": \"1/2\\*\""
                COMMAND ${lookup} ${files} --json --stalk BRG)
cgt_lookup_test("an altered file is refused" STATUS 2
                STDERR "^error: refused: .*altered.h5: data altered: table values does not match its checksum$"
                COMMAND ${lookup} --stalks ${atlas}/altered.h5 --stalk BRG)
# A value's text is found by binary search: values out of byte order (checksum forged) are refused.
cgt_lookup_test("a values table out of byte order is refused" STATUS 2
                STDERR "^error: refused: .*unsorted.h5: table values is not in byte order of its texts \\(row 1\\)$"
                COMMAND ${lookup} --stalks ${atlas}/unsorted.h5 --stalk BRG)
cgt_lookup_test("a partial file is refused" STATUS 2
                STDERR "^error: refused: .*half.h5 does not exist, only .*half.h5.partial \\(its run did not finish\\)$"
                COMMAND ${lookup} --stalks ${atlas}/half.h5 --stalk BRG)
cgt_lookup_test("another job's file is refused" STATUS 2
                STDERR "^error: refused: .*colour.h5 was written by cgt-hackenbush-colour"
                COMMAND ${lookup} --stalks ${atlas}/colour.h5 --stalk BRG)
cgt_lookup_test("a bad stalk" STATUS 2
                STDERR "^error: stalk: a stalk is a string of B, R and G from the ground up, got 'GBX'$"
                COMMAND ${lookup} ${files} --stalk GBX)
cgt_lookup_test("a bad graph edge" STATUS 2 STDERR "^error: graph: graph edge '0-1X' is not u-vC"
                COMMAND ${lookup} ${files} --graph 0-1X)
cgt_lookup_test("a bad value expression" STATUS 2
                STDERR "^error: value: column 4: unexpected end \\(expected '\\}' to close" COMMAND ${lookup} ${files} --value {0|)
cgt_lookup_test("a bad outcome" STATUS 2 STDERR "^error: outcome must be L, R, P or N, got 'Q'$"
                COMMAND ${lookup} ${files} --in graphs --outcome Q)
cgt_lookup_test("a bad temperature range" STATUS 2 STDERR "^error: temperature: '1/3..1' is not T or LO..HI"
                COMMAND ${lookup} ${files} --in graphs --temperature 1/3..1)
cgt_lookup_test("a bad batch line" STATUS 2 STDERR "^error: line 2: unknown query 'colour'"
                COMMAND sh -c "printf 'stalk B\\ncolour B\\n' | ${lookup} ${files_sh} --batch")
cgt_add_cli_test(NAME "cgt-lookup: no query" STATUS 2 LABELS hackenbush STDERR "^error: give one query" COMMAND ${lookup})
cgt_add_cli_test(NAME "cgt-lookup: two queries" STATUS 2 LABELS hackenbush STDERR "^error: give one query"
                 COMMAND ${lookup} --stalk B --graph 0-1B)
cgt_add_cli_test(NAME "cgt-lookup: bad --in" STATUS 2 LABELS hackenbush
                 STDERR "^error: --in must be stalks, graphs or both, got 'all'$" COMMAND ${lookup} --in all --counts)
cgt_add_cli_test(NAME "cgt-lookup: a missing file" STATUS 2 LABELS hackenbush
                 STDERR "^error: refused: /nonexistent.h5 does not exist$" COMMAND ${lookup} --stalks /nonexistent.h5 --stalk B)
# Deep values (issue 33): the lookup parses and values its query as cgt-calc does, without
# recursion on the expression's depth: a sum of 1,000 ups is valued (no stored value has it),
# a sum of 60,000 is refused in one line at the stated depth limit, never a crash.
cgt_lookup_test("a sum of 1,000 ups is valued: no stored stalk has it" STATUS 0
                STDOUT "^value \\^\\^\\^.*: 0 matches \\(0 stalks, 0 graphs\\)"
                COMMAND sh -c "${lookup} ${files_sh} --in stalks --ascii --value \"$(yes '^' | head -n 1000 | paste -sd+)\"")
cgt_lookup_test("a sum of 60,000 ups is refused in one line at the depth limit" STATUS 2
                STDERR "^error: value: column 8192: 4096 ups in one value \\(4097 levels of options\\) is past the limit of 4096 levels of options"
                COMMAND sh -c "${lookup} ${files_sh} --in stalks --value \"$(yes '^' | head -n 60000 | paste -sd+)\"")
cgt_lookup_test("a deep batch line is refused in one line" STATUS 2
                STDERR "^error: line 1: value: column 8192: 4096 ups in one value"
                COMMAND sh -c "printf 'value %s\\n' \"$(yes '^' | head -n 60000 | paste -sd+)\" | ${lookup} ${files_sh} --in stalks --batch")
