# libcgt_fault_inject.so (cmake/fault_inject.c): the LD_PRELOAD library that makes the Nth
# write, fsync, rename, close, truncate, unlink, open or allocation of a run fail, or kills
# the run there, for the fault tests (cmake/fault_sweep.sh). Not in a sanitizer build (its
# runtime must come first and owns malloc) nor a fuzz build.
if(NOT CGT_FUZZ AND NOT CGT_SANITIZE)
  add_library(cgt_fault_inject SHARED ${PROJECT_SOURCE_DIR}/cmake/fault_inject.c)
  set_target_properties(cgt_fault_inject PROPERTIES C_STANDARD 11 C_EXTENSIONS ON
                        LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/lib)
  target_compile_options(cgt_fault_inject PRIVATE -Wall -Wextra -Wshadow)
  target_link_libraries(cgt_fault_inject PRIVATE ${CMAKE_DL_LIBS})
  set(CGT_FAULT_INJECT $<TARGET_FILE:cgt_fault_inject>)
endif()
if(TARGET cgt_fault_inject)
  add_test(NAME "fault-inject: the library counts, fails, kills and filters as asked"
           COMMAND ${PROJECT_SOURCE_DIR}/cmake/fault_inject_test.sh $<TARGET_FILE:cgt_fault_inject>)
  set_tests_properties("fault-inject: the library counts, fails, kills and filters as asked"
                       PROPERTIES LABELS "faults")
endif()

# cgt_add_fault_sweep_test(<driver target> <verify target> "<what>" [SWEEP sweep options...]
#                          [OPTIONS driver options...]): cmake/fault_sweep.sh over the driver,
# every outcome in the table it prints; the test fails if any is not an accepted one (a
# whole file, one line and status 1 that --resume completes, a resumed kill, ...).
function(cgt_add_fault_sweep_test driver verify what)
  if(NOT TARGET cgt_fault_inject)
    return()
  endif()
  cmake_parse_arguments(ARG "" "" "SWEEP;OPTIONS" ${ARGN})
  set(name "${driver}: faults: ${what}")
  add_test(NAME "${name}"
           COMMAND ${PROJECT_SOURCE_DIR}/cmake/fault_sweep.sh --lib $<TARGET_FILE:cgt_fault_inject>
                   --verify $<TARGET_FILE:${verify}> ${ARG_SWEEP} $<TARGET_FILE:${driver}> ${ARG_OPTIONS})
  set_tests_properties("${name}" PROPERTIES LABELS "faults;mpi" PROCESSORS 2 TIMEOUT 1800
                                            ENVIRONMENT "${CGT_MPI_TEST_ENV}")
endfunction()

# cgt_add_disk_full_test(<driver target> <verify target> "<what>" [SWEEP sweep options...]
#                        [OPTIONS driver options...]): cmake/disk_full_sweep.sh, the driver
# with --out on a tmpfs of each size in a range (a disk that fills at every step of the
# run); skipped where no tmpfs can be mounted (not root).
function(cgt_add_disk_full_test driver verify what)
  cmake_parse_arguments(ARG "" "" "SWEEP;OPTIONS" ${ARGN})
  set(name "${driver}: faults: ${what}")
  add_test(NAME "${name}"
           COMMAND ${PROJECT_SOURCE_DIR}/cmake/disk_full_sweep.sh --verify $<TARGET_FILE:${verify}> ${ARG_SWEEP}
                   $<TARGET_FILE:${driver}> ${ARG_OPTIONS})
  set_tests_properties("${name}" PROPERTIES LABELS "faults;mpi" PROCESSORS 2 TIMEOUT 1800 SKIP_RETURN_CODE 77
                                            ENVIRONMENT "${CGT_MPI_TEST_ENV}")
endfunction()
