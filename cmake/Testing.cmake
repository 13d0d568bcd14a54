# Test helpers. Catch2 v2 executables share one precompiled main; each TEST_CASE becomes one
# ctest test (catch_discover_tests), so `ctest -R` and `ctest -L` select them by name/label.
include(${Catch2_DIR}/Catch.cmake)

add_library(cgt_catch_main OBJECT ${PROJECT_SOURCE_DIR}/cmake/catch_main.cpp)
target_link_libraries(cgt_catch_main PUBLIC Catch2::Catch2)

# Open MPI refuses to run as root without these; harmless otherwise.
set(CGT_MPI_TEST_ENV "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;OMPI_MCA_rmaps_base_oversubscribe=1;OMPI_MCA_mpi_yield_when_idle=1")

# cgt_add_catch_test(<target> SOURCES ... LIBS ... [LABELS ...])
function(cgt_add_catch_test target)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${target} ${ARG_SOURCES})
  target_link_libraries(${target} PRIVATE cgt_catch_main Catch2::Catch2 cgt_warnings ${ARG_LIBS})
  catch_discover_tests(${target} PROPERTIES LABELS "${ARG_LABELS}"
                       TEST_PREFIX "${target}: " DISCOVERY_MODE PRE_TEST)
endfunction()

# cgt_add_mpi_catch_test(<target> SOURCES ... LIBS ... RANKS 1 2 3 [LABELS ...])
# One Catch2 executable run under mpiexec at each rank count, as one ctest test per count.
function(cgt_add_mpi_catch_test target)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS;RANKS;LABELS" ${ARGN})
  add_executable(${target} ${ARG_SOURCES})
  target_link_libraries(${target} PRIVATE cgt_catch_main Catch2::Catch2 cgt_warnings ${ARG_LIBS})
  foreach(n IN LISTS ARG_RANKS)
    add_test(NAME "${target} [${n} ranks]"
             COMMAND ${CGT_MPIEXEC} -n ${n} --oversubscribe $<TARGET_FILE:${target}>)
    set_tests_properties("${target} [${n} ranks]" PROPERTIES
      ENVIRONMENT "${CGT_MPI_TEST_ENV}" LABELS "mpi;${ARG_LABELS}" PROCESSORS ${n} TIMEOUT 300)
  endforeach()
endfunction()
