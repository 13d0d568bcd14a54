# Fuzzing with clang's libFuzzer (the fuzz preset: cmake --preset fuzz). Every parser of
# user input has a target: kernels/<area>/fuzz/<name>.cpp (added by cgt_add_kernel) and
# drivers/common/runtime/fuzz/ (the INI reader); the JSON writer one in
# drivers/common/plumbing/fuzz/; each with a seed corpus in fuzz/corpus/<name>/.
# A fuzz build holds only the libraries, the targets and their tests (label fuzz):
#   cmake --preset fuzz && cmake --build --preset fuzz -j2 && ctest --preset fuzz
# Each test fuzzes for CGT_FUZZ_SECONDS from the seeds (copied, so the repository's corpus
# stays as it is); an input that crashes is kept in build/fuzz/fuzz-artifacts/<target>/.
option(CGT_FUZZ "Build the libFuzzer targets (needs clang) and nothing else" OFF)
set(CGT_FUZZ_SECONDS 30 CACHE STRING "seconds each fuzz test runs")
if(CGT_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "CGT_FUZZ needs clang (libFuzzer): install the Debian package clang and use cmake --preset fuzz")
  endif()
  include(CheckCXXSourceCompiles)
  set(CMAKE_REQUIRED_LINK_OPTIONS -fsanitize=fuzzer)
  check_cxx_source_compiles("#include <cstddef>
    #include <cstdint>
    extern \"C\" int LLVMFuzzerTestOneInput(const std::uint8_t*, std::size_t) { return 0; }" CGT_HAVE_LIBFUZZER)
  unset(CMAKE_REQUIRED_LINK_OPTIONS)
  string(REGEX MATCH "^[0-9]+" clang_major "${CMAKE_CXX_COMPILER_VERSION}")
  cgt_require_package(CGT_HAVE_LIBFUZZER "libclang-rt-${clang_major}-dev" "libFuzzer")
  # Coverage for the fuzzer, and the sanitizers that turn silent faults into findings.
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
                      -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()

# cgt_add_fuzz_target(<target> SOURCE <file> CORPUS <dir> LIBS <libraries>...)
function(cgt_add_fuzz_target target)
  cmake_parse_arguments(ARG "" "SOURCE;CORPUS" "LIBS" ${ARGN})
  if(NOT CGT_FUZZ)
    return()
  endif()
  add_executable(${target} ${ARG_SOURCE})
  target_link_libraries(${target} PRIVATE cgt_warnings ${ARG_LIBS})
  target_link_options(${target} PRIVATE -fsanitize=fuzzer)
  add_test(NAME "fuzz: ${target} for ${CGT_FUZZ_SECONDS} s"
           COMMAND ${PROJECT_SOURCE_DIR}/cmake/fuzz_test.sh $<TARGET_FILE:${target}> ${ARG_CORPUS}
                   ${CGT_FUZZ_SECONDS} ${CMAKE_BINARY_DIR}/fuzz-artifacts/${target})
  set_tests_properties("fuzz: ${target} for ${CGT_FUZZ_SECONDS} s" PROPERTIES
    LABELS "fuzz" TIMEOUT 600 ENVIRONMENT "ASAN_OPTIONS=detect_leaks=1")
endfunction()
