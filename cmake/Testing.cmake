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

add_library(cgt_mpi_catch_main OBJECT ${PROJECT_SOURCE_DIR}/cmake/mpi_catch_main.cpp)
target_link_libraries(cgt_mpi_catch_main PUBLIC Catch2::Catch2 MPI::MPI_CXX)

# cgt_add_mpi_catch_test(<target> SOURCES ... LIBS ... RANKS 1 2 3 [LABELS ...])
# One Catch2 executable run under mpiexec at each rank count, as one ctest test per count.
function(cgt_add_mpi_catch_test target)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS;RANKS;LABELS" ${ARGN})
  add_executable(${target} ${ARG_SOURCES})
  target_link_libraries(${target} PRIVATE cgt_mpi_catch_main Catch2::Catch2 cgt_warnings ${ARG_LIBS})
  foreach(n IN LISTS ARG_RANKS)
    add_test(NAME "${target} [${n} ranks]"
             COMMAND ${CGT_MPIEXEC} -n ${n} --oversubscribe $<TARGET_FILE:${target}>)
    set_tests_properties("${target} [${n} ranks]" PROPERTIES
      ENVIRONMENT "${CGT_MPI_TEST_ENV}" LABELS "mpi;${ARG_LABELS}" PROCESSORS ${n} TIMEOUT 300)
  endforeach()
endfunction()

# cgt_add_cli_test(NAME <name> STATUS <n> [STDERR <regex>] [STDOUT <regex>] [ABSENT <file>...]
#                  [MPI_RANKS <n>] COMMAND <command> <args>...)
# A command-line test: exit status, a one-line stderr matching <regex>, and no <file> (nor
# <file>.partial) left behind. With MPI_RANKS the command runs under mpiexec.
function(cgt_add_cli_test)
  cmake_parse_arguments(ARG "" "NAME;STATUS;STDERR;STDOUT;MPI_RANKS" "ABSENT;COMMAND;LABELS" ${ARGN})
  set(args --status ${ARG_STATUS})
  if(DEFINED ARG_STDERR)
    list(APPEND args --stderr ${ARG_STDERR})
  endif()
  if(DEFINED ARG_STDOUT)
    list(APPEND args --stdout ${ARG_STDOUT})
  endif()
  foreach(f IN LISTS ARG_ABSENT)
    list(APPEND args --absent ${f})
  endforeach()
  if(ARG_MPI_RANKS)
    list(APPEND args --ranks ${ARG_MPI_RANKS})
  endif()
  add_test(NAME "${ARG_NAME}" COMMAND ${PROJECT_SOURCE_DIR}/cmake/cli_test.sh ${args} -- ${ARG_COMMAND})
  set_tests_properties("${ARG_NAME}" PROPERTIES LABELS "cli;${ARG_LABELS}" ENVIRONMENT "${CGT_MPI_TEST_ENV}")
endfunction()

# cgt_add_determinism_test(<driver target> [driver options...]): the tables written at 1
# and 3 ranks are identical.
function(cgt_add_determinism_test driver)
  add_test(NAME "${driver}: same tables at 1 and 3 ranks"
           COMMAND ${PROJECT_SOURCE_DIR}/cmake/determinism_test.sh $<TARGET_FILE:${driver}> ${ARGN})
  set_tests_properties("${driver}: same tables at 1 and 3 ranks" PROPERTIES
    LABELS "mpi;determinism" PROCESSORS 2 TIMEOUT 600)
endfunction()

# cgt_add_kill_test(<driver target> <seconds> [driver options...]): a run killed after
# <seconds> leaves only OUT.partial.
function(cgt_add_kill_test driver seconds)
  add_test(NAME "${driver}: killed mid-run leaves only .partial"
           COMMAND ${PROJECT_SOURCE_DIR}/cmake/kill_test.sh ${seconds} $<TARGET_FILE:${driver}> ${ARGN})
  set_tests_properties("${driver}: killed mid-run leaves only .partial" PROPERTIES
    LABELS "mpi" PROCESSORS 2 TIMEOUT 300)
endfunction()
