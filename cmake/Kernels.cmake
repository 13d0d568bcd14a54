# Kernels are the mathematics: pure C++ static libraries. They must not link MPI, HDF5 or
# Boost; cgt_check_kernel_purity() (called at the end of the top-level CMakeLists) stops
# configure if one does, directly or through another kernel.
set_property(GLOBAL PROPERTY CGT_KERNELS "")

# cgt_add_kernel(<area> [DEPS <kernel areas>...])
# Builds kernels/<area>/*.cpp into the static library cgt_<area> (alias cgt::<area>),
# with kernels/ as the include root (#include "<area>/<file>.hpp"), and its tests
# kernels/<area>/test/*.cpp into the Catch2 executable test_<area>, and each
# kernels/<area>/fuzz/<name>.cpp into a libFuzzer target (cmake/Fuzzing.cmake).
# `cmake --install` puts the library and its headers under the prefix as cgt::<area> of
# find_package(cgt) (cmake/Install.cmake), the include root there being include/cgt.
function(cgt_add_kernel area)
  cmake_parse_arguments(ARG "" "" "DEPS" ${ARGN})
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp)
  add_library(cgt_${area} STATIC ${sources})
  add_library(cgt::${area} ALIAS cgt_${area})
  target_include_directories(cgt_${area} PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/kernels>
                             $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/cgt>)
  # Warnings are the project's own: an installed kernel does not impose them on its user.
  target_link_libraries(cgt_${area} PRIVATE $<BUILD_INTERFACE:cgt_warnings>)
  set_target_properties(cgt_${area} PROPERTIES EXPORT_NAME ${area})
  foreach(dep IN LISTS ARG_DEPS)
    target_link_libraries(cgt_${area} PUBLIC cgt_${dep})
  endforeach()
  set_property(GLOBAL APPEND PROPERTY CGT_KERNELS cgt_${area})

  file(GLOB tests CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/test/*.cpp)
  if(tests)
    cgt_add_catch_test(test_${area} SOURCES ${tests} LIBS cgt_${area} LABELS ${area})
  endif()
  # fuzz/<name>.cpp: a libFuzzer target fuzz_<area>_<name> with seeds in fuzz/corpus/<name>/.
  file(GLOB fuzzers CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/*.cpp)
  foreach(source IN LISTS fuzzers)
    get_filename_component(name ${source} NAME_WE)
    cgt_add_fuzz_target(fuzz_${area}_${name} SOURCE ${source} LIBS cgt_${area}
                        CORPUS ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/corpus/${name})
  endforeach()
endfunction()

function(cgt_check_kernel_purity)
  get_property(kernels GLOBAL PROPERTY CGT_KERNELS)
  foreach(k IN LISTS kernels)
    foreach(prop LINK_LIBRARIES INTERFACE_LINK_LIBRARIES)
      get_target_property(libs ${k} ${prop})
      if(libs)
        foreach(lib IN LISTS libs)
          if(lib MATCHES "MPI|mpi|HDF5|hdf5|Boost|boost")
            message(FATAL_ERROR "kernel ${k} links ${lib}: kernels must stay free of MPI, HDF5 and Boost")
          endif()
          if(TARGET ${lib} AND NOT lib IN_LIST kernels AND NOT lib STREQUAL "cgt_warnings")
            message(FATAL_ERROR "kernel ${k} links ${lib}: kernels may link only other kernels")
          endif()
        endforeach()
      endif()
    endforeach()
  endforeach()
endfunction()
