# Test helpers. Catch2 v2 executables share one precompiled main; each TEST_CASE becomes one
# ctest test (catch_discover_tests), so `ctest -R` and `ctest -L` select them by name/label.
# A fuzz build (CGT_FUZZ) and a build without tests (BUILD_TESTING off) have no unit tests:
# the Catch2 functions below add nothing there.
if(BUILD_TESTING)
  include(${Catch2_DIR}/Catch.cmake)
endif()

if(NOT CGT_FUZZ AND BUILD_TESTING)
  add_library(cgt_catch_main OBJECT ${PROJECT_SOURCE_DIR}/cmake/catch_main.cpp)
  target_link_libraries(cgt_catch_main PUBLIC Catch2::Catch2)
  add_library(cgt_mpi_catch_main OBJECT ${PROJECT_SOURCE_DIR}/cmake/mpi_catch_main.cpp)
  target_link_libraries(cgt_mpi_catch_main PUBLIC Catch2::Catch2 MPI::MPI_CXX)
endif()

# Open MPI refuses to run as root without these; harmless otherwise. Ranks are not bound to
# cores: tests run side by side (ctest -j), and Open MPI's default binding would put every
# test's rank 0 on core 0 and leave the others idle.
set(CGT_MPI_TEST_ENV "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;OMPI_MCA_rmaps_base_oversubscribe=1;OMPI_MCA_mpi_yield_when_idle=1;OMPI_MCA_hwloc_base_binding_policy=none")

# cgt_add_catch_test(<target> SOURCES ... LIBS ... [LABELS ...] [PREFIX <name>])
# Each test case is the ctest test "<target>: <case>" (or "<name>: <case>": two
# executables may share a prefix).
function(cgt_add_catch_test target)
  cmake_parse_arguments(ARG "" "PREFIX" "SOURCES;LIBS;LABELS" ${ARGN})
  if(CGT_FUZZ OR NOT BUILD_TESTING)
    return()
  endif()
  if(NOT ARG_PREFIX)
    set(ARG_PREFIX ${target})
  endif()
  add_executable(${target} ${ARG_SOURCES})
  target_link_libraries(${target} PRIVATE cgt_catch_main Catch2::Catch2 cgt_warnings ${ARG_LIBS})
  # -w NoTests: a ctest test whose name matches no test case fails instead of passing with
  # "No tests ran". A ';' in a test case's name split it into two such tests (a CMake list
  # separator), and 26 test cases ran in no suite until session 12; names carry no ';'.
  catch_discover_tests(${target} PROPERTIES LABELS "${ARG_LABELS}"
                       TEST_PREFIX "${ARG_PREFIX}: " DISCOVERY_MODE PRE_TEST
                       EXTRA_ARGS -w NoTests)
endfunction()

# cgt_add_mpi_catch_test(<target> SOURCES ... LIBS ... RANKS 1 2 3 [LABELS ...] [NAME <name>])
# One Catch2 executable run under mpiexec at each rank count, as one ctest test per count:
# "<target> [2 ranks]" (or "<name> [2 ranks]").
function(cgt_add_mpi_catch_test target)
  cmake_parse_arguments(ARG "" "NAME" "SOURCES;LIBS;RANKS;LABELS" ${ARGN})
  if(CGT_FUZZ OR NOT BUILD_TESTING)
    return()
  endif()
  if(NOT ARG_NAME)
    set(ARG_NAME ${target})
  endif()
  add_executable(${target} ${ARG_SOURCES})
  target_link_libraries(${target} PRIVATE cgt_mpi_catch_main Catch2::Catch2 cgt_warnings ${ARG_LIBS})
  foreach(n IN LISTS ARG_RANKS)
    add_test(NAME "${ARG_NAME} [${n} ranks]"
             COMMAND ${CGT_MPIEXEC} -n ${n} --oversubscribe $<TARGET_FILE:${target}>)
    set_tests_properties("${ARG_NAME} [${n} ranks]" PROPERTIES
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

# cgt_add_determinism_test(<driver target> [NAME <name>] [RANKS "1 2 3"] [EXCLUDE <table/column>...]
# [driver options...]): the tables written at 1 and 3 ranks (or at each of RANKS) are
# identical (but for the excluded columns, which measure the run, such as seconds). NAME
# tells a second test of the same driver apart: "<driver> (<name>): ...".
function(cgt_add_determinism_test driver)
  set(excludes)
  set(options ${ARGN})
  set(label "${driver}")
  set(counts "1 3")
  while(options)
    list(GET options 0 first)
    if(first STREQUAL "NAME")
      list(GET options 1 name)
      set(label "${driver} (${name})")
    elseif(first STREQUAL "RANKS")
      list(GET options 1 counts)
      list(APPEND excludes --ranks ${counts})
    elseif(first STREQUAL "EXCLUDE")
      list(GET options 1 column)
      list(APPEND excludes --exclude ${column})
    else()
      break()
    endif()
    list(REMOVE_AT options 0 1)
  endwhile()
  string(REPLACE " " ", " shown "${counts}")
  string(REGEX REPLACE ", ([0-9]+)$" " and \\1" shown "${shown}")
  set(test_name "${label}: same tables at ${shown} ranks")
  add_test(NAME "${test_name}"
           COMMAND ${PROJECT_SOURCE_DIR}/cmake/determinism_test.sh ${excludes} $<TARGET_FILE:${driver}> ${options})
  set_tests_properties("${test_name}" PROPERTIES LABELS "mpi;determinism" PROCESSORS 2 TIMEOUT 600)
endfunction()

# Options of the resume, stop and merge tests: SERIAL (a driver that runs on 1 rank) and
# EXCLUDE <table> (a table that measures the run, left out of the comparisons), TASK_SECONDS
# S (the delay per task), MIDDLE_TASKS N (the resume test's middle kill once N tasks are
# done, for a job that skips tasks and so never has half of them done), then the driver's
# options.
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
    elseif(first STREQUAL "TASK_SECONDS")
      list(GET options 1 seconds)
      list(APPEND flags --task-seconds ${seconds})
      list(REMOVE_AT options 0 1)
    elseif(first STREQUAL "MIDDLE_TASKS")
      list(GET options 1 tasks)
      list(APPEND flags --middle-tasks ${tasks})
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

# cgt_add_resume_test(<driver target> [SERIAL] [EXCLUDE <table>]... [TASK_SECONDS S] [driver options...]): the
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

# cgt_add_journal_damage_test(<driver target> TASKS|STATE [driver options...]): a flipped byte
# in a journaled task's rows or frame (TASKS) or in a long task's saved state (STATE) is
# refused by --resume with one line and status 2; a damaged last record is dropped as torn.
function(cgt_add_journal_damage_test driver mode)
  string(TOLOWER ${mode} m)
  set(name "${driver}: --resume refuses a journal with a flipped byte (${m})")
  add_test(NAME "${name}" COMMAND ${PROJECT_SOURCE_DIR}/cmake/journal_damage_test.sh ${m} $<TARGET_FILE:cgt-merge>
                                  $<TARGET_FILE:journal_tamper> $<TARGET_FILE:${driver}> ${ARGN})
  set_tests_properties("${name}" PROPERTIES LABELS "resume;hardening" TIMEOUT 600)
endfunction()

# cgt_add_state_size_test(<driver target> [driver options: one long task that replaces its
# state]): killed after 2 and after 8 saved states, its journal holds one state
# (cmake/journal_state_size_test.sh), and resumes to the uninterrupted run's tables.
function(cgt_add_state_size_test driver)
  set(name "${driver}: a task that saves its whole state 8 times keeps one state in the journal")
  add_test(NAME "${name}" COMMAND ${PROJECT_SOURCE_DIR}/cmake/journal_state_size_test.sh $<TARGET_FILE:cgt-merge>
                                  $<TARGET_FILE:journal_tamper> $<TARGET_FILE:${driver}> ${ARGN})
  set_tests_properties("${name}" PROPERTIES LABELS "resume;journal" TIMEOUT 600)
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

# cgt_add_verify_parameters_test(<verify target> <driver target> LABEL NAME VALUE CHECK_RE
# [driver options...]): a file of the driver (run with the options) passes the check of its
# verify program whose name matches CHECK_RE; with its parameter NAME forged to VALUE (and
# a matching checksum, as a forger would) the same check fails, status 1.
function(cgt_add_verify_parameters_test verify driver label name value check)
  set(test_name "${verify}: a forged ${name} fails the tables against the parameters")
  add_test(NAME "${test_name}"
           COMMAND ${PROJECT_SOURCE_DIR}/cmake/verify_parameters_test.sh $<TARGET_FILE:${driver}>
                   $<TARGET_FILE:${verify}> $<TARGET_FILE:h5_tamper> ${PROJECT_SOURCE_DIR}/verify/data
                   ${name} ${value} ${check} ${ARGN})
  set_tests_properties("${test_name}" PROPERTIES LABELS "${label};cli" ENVIRONMENT "${CGT_MPI_TEST_ENV}")
endfunction()

# cgt_add_output_refusal_test(<driver target> [RANKS 1] [driver options...]): the driver
# refuses, with one line and status 2 and without touching it, an --out that is a device,
# a FIFO, or whose OUT.partial is a directory, a symbolic link or locked by another run.
# RANKS 1 for a sequential driver (otherwise some cases run on 2 ranks).
function(cgt_add_output_refusal_test driver)
  set(options ${ARGN})
  set(ranks)
  if(options)
    list(GET options 0 first)
    if(first STREQUAL "RANKS")
      list(GET options 1 n)
      set(ranks --ranks ${n})
      list(REMOVE_AT options 0 1)
    endif()
  endif()
  set(name "${driver}: refuses a device, a FIFO, a directory, a link or a locked file as --out")
  add_test(NAME "${name}" COMMAND ${PROJECT_SOURCE_DIR}/cmake/output_refusal_test.sh ${ranks}
                                  $<TARGET_FILE:${driver}> ${options})
  set_tests_properties("${name}" PROPERTIES LABELS "cli;hardening" PROCESSORS 2 TIMEOUT 300)
endfunction()

# cgt_add_write_fault_test(<driver target> [driver options...]): a write that fails on one of
# 2 ranks (CGT_TEST_FAIL_WRITE for the journal and the result file, and a real file size
# limit) ends the run within seconds with one line and status 1, no result file, and a
# journal that --resume completes (cmake/write_fault_test.sh).
function(cgt_add_write_fault_test driver)
  set(name "${driver}: a failed write (full disk) on one of 2 ranks is one line, status 1, no hang")
  add_test(NAME "${name}" COMMAND ${PROJECT_SOURCE_DIR}/cmake/write_fault_test.sh $<TARGET_FILE:${driver}> ${ARGN})
  set_tests_properties("${name}" PROPERTIES LABELS "mpi;hardening" PROCESSORS 2 TIMEOUT 600)
endfunction()

# cgt_add_driver_bad_input_tests(<driver target> [RANKS 1]): the bad inputs every MPI
# driver handles alike (drivers/common): an --out it cannot create (in /proc), one too long
# for MPI-IO, a --config that is a directory or holds a control character, a bad INI value
# that the command line overrides, and output_refusal_test.sh's cases; an INI file with a
# byte order mark is read.
function(cgt_add_driver_bad_input_tests driver)
  set(bad ${CMAKE_BINARY_DIR}/cli-${driver}-common-bad.h5)
  set(exe $<TARGET_FILE:${driver}>)
  set(ini ${PROJECT_SOURCE_DIR}/drivers/common/runtime/test)
  string(REPEAT "c" 226 long_name)
  set(long ${CMAKE_BINARY_DIR}/${long_name}.h5)
  cgt_add_cli_test(NAME "${driver}: --out in /proc" STATUS 2 LABELS hardening ABSENT /proc/x.h5
                   STDERR "^error: cannot write --out '/proc/x.h5': (cannot create '/proc/x.h5.partial': No such file or directory|directory '/proc' is not writable)$"
                   COMMAND ${exe} --out /proc/x.h5)
  cgt_add_cli_test(NAME "${driver}: --out too long for MPI-IO" STATUS 2 LABELS hardening ABSENT ${long}
                   STDERR "^error: --out '.*/c+.h5' is too long for Open MPI's MPI-IO: at most 231 characters and a file name of at most 221 work, this one has [0-9]+ and 229$"
                   COMMAND ${exe} --out ${long})
  cgt_add_cli_test(NAME "${driver}: --config is a directory" STATUS 2 LABELS hardening ABSENT ${bad}
                   STDERR "^error: cannot read --config file '.*/test': it is a directory$"
                   COMMAND ${exe} --config ${ini} --out ${bad})
  cgt_add_cli_test(NAME "${driver}: --config with a control character" STATUS 2 LABELS hardening ABSENT ${bad}
                   STDERR "^error: in --config file '.*/escape.ini': line 2 contains the control character 0x1B$"
                   COMMAND ${exe} --config ${ini}/escape.ini --out ${bad})
  cgt_add_cli_test(NAME "${driver}: --config with a byte order mark" STATUS 2 LABELS hardening ABSENT ${bad}
                   STDERR "^error: in --config file '.*/bom_typo.ini': unrecognised option 'no-such-option'$"
                   COMMAND ${exe} --config ${ini}/bom_typo.ini --out ${bad})
  cgt_add_cli_test(NAME "${driver}: a bad INI value the command line overrides" STATUS 2 LABELS hardening ABSENT ${bad}
                   STDERR "^error: in --config file '.*/bad_quiet.ini': the argument \\('maybe'\\) for option 'quiet' is invalid. Valid choices are 'on\\|off', 'yes\\|no', '1\\|0' and 'true\\|false'$"
                   COMMAND ${exe} --config ${ini}/bad_quiet.ini --quiet --out ${bad})
  cgt_add_cli_test(NAME "${driver}: an INI value holding %value%" STATUS 2 LABELS hardening ABSENT ${bad}
                   STDERR "^error: in --config file '.*/percent.ini': the argument \\('%value%'\\) for option 'quiet' is invalid"
                   COMMAND ${exe} --config ${ini}/percent.ini --out ${bad})
  set_tests_properties("${driver}: an INI value holding %value%" PROPERTIES TIMEOUT 60) # it used to hang
  cgt_add_output_refusal_test(${driver} ${ARGN})
endfunction()

# cgt_add_verify_bad_input_tests(<verify target>): a verify program refuses, with one line
# and status 2, an unknown option, a missing file, a directory and a file that is not HDF5.
function(cgt_add_verify_bad_input_tests verify)
  set(exe $<TARGET_FILE:${verify}>)
  cgt_add_cli_test(NAME "${verify}: unknown option" STATUS 2 LABELS hardening
                   STDERR "^error: unrecognised option '--colour'$" COMMAND ${exe} --colour red)
  cgt_add_cli_test(NAME "${verify}: a missing file" STATUS 2 LABELS hardening
                   STDERR "^error: /nonexistent-dir/x.h5 does not exist$" COMMAND ${exe} /nonexistent-dir/x.h5)
  cgt_add_cli_test(NAME "${verify}: a directory" STATUS 2 LABELS hardening
                   STDERR "^error: .*/verify is a directory, not a result file$" COMMAND ${exe} ${PROJECT_SOURCE_DIR}/verify)
  cgt_add_cli_test(NAME "${verify}: a file that is not HDF5" STATUS 2 LABELS hardening
                   STDERR "^error: .*/CMakeLists.txt is not an HDF5 file$" COMMAND ${exe} ${PROJECT_SOURCE_DIR}/CMakeLists.txt)
endfunction()

# cgt_add_signal_fifo_test(<program target> [RANKS 2] [OUT]): the program blocked on a --config
# FIFO that nobody writes ends at once on SIGTERM, SIGINT and SIGUSR1 (under mpiexec: SIGUSR1
# to mpiexec, SIGTERM to one rank) with status 128 + the signal and one line, creating
# nothing (cmake/signal_fifo_test.sh). OUT: the program takes --out.
function(cgt_add_signal_fifo_test program)
  cmake_parse_arguments(ARG "OUT" "RANKS" "" ${ARGN})
  set(flags)
  set(shown "")
  if(ARG_RANKS)
    list(APPEND flags --ranks ${ARG_RANKS})
    set(shown " (${ARG_RANKS} ranks)")
  endif()
  if(ARG_OUT)
    list(APPEND flags --out)
  endif()
  set(name "${program}: a stop signal while it waits for a --config FIFO ends it at once${shown}")
  add_test(NAME "${name}" COMMAND ${PROJECT_SOURCE_DIR}/cmake/signal_fifo_test.sh ${flags} $<TARGET_FILE:${program}>)
  set_tests_properties("${name}" PROPERTIES LABELS "faults" PROCESSORS 2 TIMEOUT 300 ENVIRONMENT "${CGT_MPI_TEST_ENV}")
endfunction()
