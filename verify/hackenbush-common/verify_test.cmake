include_guard(GLOBAL)
# cgt_add_hackenbush_verify_test(<job> <key> <new value> [driver options...]): the verify
# program passes a small run and fails it with one published figure changed.
function(cgt_add_hackenbush_verify_test job key value)
  add_test(NAME "cgt-verify-${job}: passes a correct file, fails a changed figure"
           COMMAND ${PROJECT_SOURCE_DIR}/verify/hackenbush-common/verify_test.sh $<TARGET_FILE:cgt-${job}>
                   $<TARGET_FILE:cgt-verify-${job}> ${PROJECT_SOURCE_DIR}/verify/data ${key} ${value} ${ARGN})
  set_tests_properties("cgt-verify-${job}: passes a correct file, fails a changed figure"
                       PROPERTIES LABELS "hackenbush;cli" ENVIRONMENT "${CGT_MPI_TEST_ENV}" PROCESSORS 2 TIMEOUT 300)
endfunction()
