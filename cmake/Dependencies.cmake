# Every dependency comes from a Debian 12 package. A missing one stops configure with one
# line that names the package to install.
function(cgt_require_package found package what)
  if(NOT ${found})
    message(FATAL_ERROR "missing ${what}: install the Debian package ${package} (apt-get install ${package})")
  endif()
endfunction()

find_package(MPI QUIET COMPONENTS C CXX)
cgt_require_package(MPI_FOUND "libopenmpi-dev" "MPI (Open MPI)")

set(HDF5_PREFER_PARALLEL ON)
find_package(HDF5 QUIET COMPONENTS C)
cgt_require_package(HDF5_FOUND "libhdf5-openmpi-dev" "parallel HDF5")
if(NOT HDF5_IS_PARALLEL)
  message(FATAL_ERROR "missing parallel HDF5 (found a serial build): install the Debian package libhdf5-openmpi-dev (apt-get install libhdf5-openmpi-dev)")
endif()
if(NOT TARGET HDF5::HDF5)
  add_library(HDF5::HDF5 INTERFACE IMPORTED)
  target_include_directories(HDF5::HDF5 INTERFACE ${HDF5_INCLUDE_DIRS})
  target_link_libraries(HDF5::HDF5 INTERFACE ${HDF5_LIBRARIES})
  target_compile_definitions(HDF5::HDF5 INTERFACE ${HDF5_DEFINITIONS})
endif()

# The journal's task records are deflated (zlib; parallel HDF5 depends on it as well).
find_package(ZLIB QUIET)
cgt_require_package(ZLIB_FOUND "zlib1g-dev" "zlib")

find_package(Boost 1.74 QUIET COMPONENTS program_options)
cgt_require_package(Boost_FOUND "libboost-program-options-dev" "Boost.Program_options")

# The JSON of every --json (header-only).
find_package(nlohmann_json 3.10 QUIET)
cgt_require_package(nlohmann_json_FOUND "nlohmann-json3-dev" "nlohmann-json (JSON for Modern C++)")

# Catch2 only for the tests (BUILD_TESTING, on by default): a build without them needs none.
if(BUILD_TESTING)
  find_package(Catch2 2 QUIET)
  cgt_require_package(Catch2_FOUND "catch2" "Catch2 v2 (for the tests; -DBUILD_TESTING=OFF builds without them)")
endif()

# The manual pages, generated from each program's --help at build time (CGT_MAN_PAGES).
if(CGT_MAN_PAGES)
  find_program(CGT_HELP2MAN help2man)
  cgt_require_package(CGT_HELP2MAN "help2man" "help2man (for the manual pages; -DCGT_MAN_PAGES=OFF builds without them)")
endif()

find_program(CGT_MPIEXEC NAMES mpiexec mpirun)
cgt_require_package(CGT_MPIEXEC "openmpi-bin" "mpiexec")
