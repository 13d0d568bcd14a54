# A damaged or foreign input file is status 2 with one line in every program that reads one
# (cmake/damaged_input_test.sh holds the programs and the files; its table is in the output).
add_test(NAME "status: every program refuses a damaged or foreign input file with status 2"
         COMMAND ${PROJECT_SOURCE_DIR}/cmake/damaged_input_test.sh ${CMAKE_BINARY_DIR}/bin ${PROJECT_SOURCE_DIR}
                 ${CMAKE_BINARY_DIR}/damaged-input-test)
set_tests_properties("status: every program refuses a damaged or foreign input file with status 2" PROPERTIES
                     LABELS "hardening;status" ENVIRONMENT "${CGT_MPI_TEST_ENV}" TIMEOUT 300)
