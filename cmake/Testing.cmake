# Test helpers. Catch2 v2 executables share one precompiled main; each TEST_CASE becomes one
# ctest test (catch_discover_tests), so `ctest -R` and `ctest -L` select them by name/label.
include(${Catch2_DIR}/Catch.cmake)

add_library(cgt_catch_main OBJECT ${PROJECT_SOURCE_DIR}/cmake/catch_main.cpp)
target_link_libraries(cgt_catch_main PUBLIC Catch2::Catch2)

# Open MPI refuses to run as root without these; harmless otherwise. Ranks are not bound to
# cores: tests run side by side (ctest -j), and Open MPI's default binding would put every
# test's rank 0 on core 0 and leave the others idle.
set(CGT_MPI_TEST_ENV "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;OMPI_MCA_rmaps_base_oversubscribe=1;OMPI_MCA_mpi_yield_when_idle=1;OMPI_MCA_hwloc_base_binding_policy=none")

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

# cgt_add_determinism_test(<driver target> [EXCLUDE <table/column>...] [driver options...]):
# the tables written at 1 and 3 ranks are identical (but for the excluded columns, which
# measure the run, such as seconds).
function(cgt_add_determinism_test driver)
  set(excludes)
  set(options ${ARGN})
  while(options)
    list(GET options 0 first)
    if(NOT first STREQUAL "EXCLUDE")
      break()
    endif()
    list(GET options 1 column)
    list(APPEND excludes --exclude ${column})
    list(REMOVE_AT options 0 1)
  endwhile()
  add_test(NAME "${driver}: same tables at 1 and 3 ranks"
           COMMAND ${PROJECT_SOURCE_DIR}/cmake/determinism_test.sh ${excludes} $<TARGET_FILE:${driver}> ${options})
  set_tests_properties("${driver}: same tables at 1 and 3 ranks" PROPERTIES
    LABELS "mpi;determinism" PROCESSORS 2 TIMEOUT 600)
endfunction()

# Options of the resume, stop and merge tests: SERIAL (a driver that runs on 1 rank) and
# EXCLUDE <table> (a table that measures the run, left out of the comparisons), then the
# driver's options.
function(_cgt_run_test_options out_flags out_options)
  set(flags)
  set(options ${ARGN})
  while(options)
    list(GET options 0 first)
    if(first STREQUAL "SERIAL")
      list(APPEND flags --serial)
      list(REMOVE_AT options 0)
    elseif(first STREQUAL "EXCLUDE")
      list(GET options 1 table)
      list(APPEND flags --exclude ${table})
      list(REMOVE_AT options 0 1)
    else()
      break()
    endif()
  endwhile()
  set(${out_flags} ${flags} PARENT_SCOPE)
  set(${out_options} ${options} PARENT_SCOPE)
endfunction()

# One test of <script> (resume_test.sh, stop_test.sh, merge_test.sh) on a driver, named
# "<driver>: <what>" (or "<driver> (<name>): <what>" when the options begin with NAME <name>,
# for a second test of the same driver), with the tools it takes before the driver.
function(_cgt_add_run_test script driver what)
  cmake_parse_arguments(ARG "" "" "TOOLS;ARGS" ${ARGN})
  set(args ${ARG_ARGS})
  set(label "${driver}")
  list(LENGTH args count)
  if(count GREATER 1)
    list(GET args 0 first)
    if(first STREQUAL "NAME")
      list(GET args 1 name)
      set(label "${driver} (${name})")
      list(REMOVE_AT args 0 1)
    endif()
  endif()
  _cgt_run_test_options(flags options ${args})
  add_test(NAME "${label}: ${what}" COMMAND ${PROJECT_SOURCE_DIR}/cmake/${script} ${flags} ${ARG_TOOLS}
                                            $<TARGET_FILE:${driver}> ${options})
  set_tests_properties("${label}: ${what}" PROPERTIES LABELS "mpi;resume" PROCESSORS 2 TIMEOUT 900)
endfunction()

# cgt_add_resume_test(<driver target> [SERIAL] [EXCLUDE <table>]... [driver options...]): the
# driver killed with SIGKILL early, in the middle (then resumed on another rank count) and
# during its final write, and resumed, writes the tables of an uninterrupted run.
function(cgt_add_resume_test driver)
  _cgt_add_run_test(resume_test.sh ${driver} "killed early, midway and in the final write, resumed: the same tables"
                    TOOLS $<TARGET_FILE:cgt-merge> ARGS ${ARGN})
endfunction()

# cgt_add_stop_test(<driver target> [SERIAL] [EXCLUDE <table>]... [driver options...]):
# SIGUSR1 and SIGTERM stop the driver with status 3, and the command it prints continues it
# to the tables of an uninterrupted run.
function(cgt_add_stop_test driver)
  _cgt_add_run_test(stop_test.sh ${driver} "SIGUSR1 and SIGTERM stop it with status 3; the printed command resumes it"
                    TOOLS $<TARGET_FILE:cgt-merge> ARGS ${ARGN})
endfunction()

# cgt_add_merge_test(<driver target> [EXCLUDE <table>]... "<other options>" [driver options...]):
# three --tasks parts on 1, 2 and 3 ranks merged by cgt-merge give the tables of one run; a
# gap, a disagreeing overlap and a part run with <other options> are refused.
function(cgt_add_merge_test driver)
  _cgt_add_run_test(merge_test.sh ${driver} "three parts on 1, 2 and 3 ranks merge into one run's tables; gaps, disagreements refused"
                    TOOLS $<TARGET_FILE:cgt-merge> $<TARGET_FILE:journal_tamper> ARGS ${ARGN})
endfunction()

# cgt_add_verify_refusal_test(<verify target> <dataset> <driver target> [RANKS n] [driver options...]):
# the verify program passes a fresh file of the driver (run on n ranks, default 2) and
# refuses it as .partial, with complete = 0, from another program, and with <dataset>
# (e.g. /positions/value) altered.
function(cgt_add_verify_refusal_test verify dataset driver)
  set(options ${ARGN})
  set(ranks 2)
  if(options)
    list(GET options 0 first)
    if(first STREQUAL "RANKS")
      list(GET options 1 ranks)
      list(REMOVE_AT options 0 1)
    endif()
  endif()
  add_test(NAME "${verify}: refuses partial, incomplete, foreign and altered files"
           COMMAND ${PROJECT_SOURCE_DIR}/cmake/verify_refusal_test.sh --ranks ${ranks} $<TARGET_FILE:h5_tamper>
                   $<TARGET_FILE:${verify}> ${dataset} $<TARGET_FILE:${driver}> ${options})
  set_tests_properties("${verify}: refuses partial, incomplete, foreign and altered files" PROPERTIES
    LABELS "verify" PROCESSORS 2 TIMEOUT 600)
endfunction()
