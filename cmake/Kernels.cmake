# Kernels are the mathematics: pure C++ static libraries. They must not link MPI, HDF5 or
# Boost; cgt_check_kernel_purity() (called at the end of the top-level CMakeLists) stops
# configure if one does, directly or through another kernel.
set_property(GLOBAL PROPERTY CGT_KERNELS "")      # every kernel library, layers included
set_property(GLOBAL PROPERTY CGT_KERNEL_AREAS "") # kernels/<area> folders

include(KernelLayers)

# The static library <target> of the .cpp files in <dir> (an INTERFACE library when there are
# none), with kernels/ as the include root and export name <export>.
function(_cgt_kernel_library target export dir)
  file(GLOB sources CONFIGURE_DEPENDS ${dir}/*.cpp)
  # Headers too, so that a header added or removed reruns configure and its checks.
  file(GLOB headers CONFIGURE_DEPENDS ${dir}/*.hpp)
  if(sources)
    add_library(${target} STATIC ${sources})
    set(scope PUBLIC)
    # Warnings are the project's own: an installed kernel does not impose them on its user.
    target_link_libraries(${target} PRIVATE $<BUILD_INTERFACE:cgt_warnings>)
  else()
    add_library(${target} INTERFACE)
    set(scope INTERFACE)
  endif()
  add_library(cgt::${export} ALIAS ${target})
  target_include_directories(${target} ${scope} $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/kernels>
                             $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/cgt>)
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${export})
  set_property(GLOBAL APPEND PROPERTY CGT_KERNELS ${target})
endfunction()

# cgt_add_kernel_layer(<area> <layer> [DEPS <layers>...])
# One layer of a kernel too large for one folder, declared lowest first in
# kernels/<area>/CMakeLists.txt before cgt_add_kernel(<area>): kernels/<area>/<layer>/*.cpp
# built into the static library cgt_<area>_<layer> (alias cgt::<area>_<layer>), which links
# the layers in DEPS (each declared before it, so the layers form no cycle). Its files may
# include (#include "<area>/<layer>/<file>.hpp") their own layer's headers and those of the
# layers below it (its DEPS, and theirs), nothing of a layer above or beside it:
# cgt_add_kernel checks that (cmake/KernelLayers.cmake).
function(cgt_add_kernel_layer area layer)
  cmake_parse_arguments(ARG "" "" "DEPS" ${ARGN})
  get_property(declared GLOBAL PROPERTY CGT_LAYERS_${area})
  set(seen ${layer})
  foreach(dep IN LISTS ARG_DEPS)
    if(NOT dep IN_LIST declared)
      message(FATAL_ERROR "kernels/${area}: layer ${layer} has DEPS ${dep}, which is no layer declared before it")
    endif()
    get_property(dep_sees GLOBAL PROPERTY CGT_LAYER_SEES_${area}_${dep})
    list(APPEND seen ${dep_sees})
  endforeach()
  set(sees) # lowest first, as declared
  foreach(l IN LISTS declared layer)
    if(l IN_LIST seen)
      list(APPEND sees ${l})
    endif()
  endforeach()
  set_property(GLOBAL APPEND PROPERTY CGT_LAYERS_${area} ${layer})
  set_property(GLOBAL PROPERTY CGT_LAYER_SEES_${area}_${layer} ${sees})

  _cgt_kernel_library(cgt_${area}_${layer} ${area}_${layer} ${CMAKE_CURRENT_SOURCE_DIR}/${layer})
  get_target_property(type cgt_${area}_${layer} TYPE)
  set(scope PUBLIC)
  if(type STREQUAL "INTERFACE_LIBRARY")
    set(scope INTERFACE)
  endif()
  foreach(dep IN LISTS ARG_DEPS)
    target_link_libraries(cgt_${area}_${layer} ${scope} cgt_${area}_${dep})
  endforeach()
endfunction()

# The library cgt_<area> of a kernel in layers: an INTERFACE library linking every layer,
# the layer spec written for the checks, the checks now and in the build, and a test that
# they refuse what they must (cmake/kernel_layers_test.cmake).
function(_cgt_add_layered_kernel area)
  get_property(layers GLOBAL PROPERTY CGT_LAYERS_${area})
  add_library(cgt_${area} INTERFACE)
  add_library(cgt::${area} ALIAS cgt_${area})
  set_target_properties(cgt_${area} PROPERTIES EXPORT_NAME ${area})
  set_property(GLOBAL APPEND PROPERTY CGT_KERNELS cgt_${area})

  set(CGT_LAYER_AREA ${area})
  set(CGT_LAYERS ${layers})
  set(spec_text "set(CGT_LAYER_AREA ${area})\nset(CGT_LAYERS ${layers})\n")
  set(files)
  foreach(layer IN LISTS layers)
    target_link_libraries(cgt_${area} INTERFACE cgt_${area}_${layer})
    get_property(sees GLOBAL PROPERTY CGT_LAYER_SEES_${area}_${layer})
    set(CGT_LAYER_SEES_${layer} ${sees})
    string(APPEND spec_text "set(CGT_LAYER_SEES_${layer} ${sees})\n")
    file(GLOB layer_files ${CMAKE_CURRENT_SOURCE_DIR}/${layer}/*.hpp ${CMAKE_CURRENT_SOURCE_DIR}/${layer}/*.cpp)
    list(APPEND files ${layer_files})
  endforeach()
  # A file at the top of the kernel's folder (in no layer) must rerun configure too.
  file(GLOB stray CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.hpp ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp)
  set(spec ${CMAKE_BINARY_DIR}/kernel_layers/${area}.cmake)
  file(CONFIGURE OUTPUT ${spec} CONTENT "${spec_text}" @ONLY)
  cgt_check_layers(${CMAKE_CURRENT_SOURCE_DIR})

  # The build checks again whenever a layer's file changes (configure runs only when the
  # list of files does).
  set(check ${CMAKE_COMMAND} -DCGT_LAYER_SPEC=${spec} -DCGT_LAYER_ROOT=${CMAKE_CURRENT_SOURCE_DIR}
            -P ${PROJECT_SOURCE_DIR}/cmake/KernelLayers.cmake)
  set(stamp ${CMAKE_BINARY_DIR}/kernel_layers/${area}.checked)
  add_custom_command(OUTPUT ${stamp} COMMAND ${check} COMMAND ${CMAKE_COMMAND} -E touch ${stamp}
                     DEPENDS ${files} ${spec} ${PROJECT_SOURCE_DIR}/cmake/KernelLayers.cmake
                     COMMENT "Checking the layers of kernels/${area}" VERBATIM)
  add_custom_target(cgt_${area}_layers DEPENDS ${stamp})
  foreach(layer IN LISTS layers)
    add_dependencies(cgt_${area}_${layer} cgt_${area}_layers)
  endforeach()

  if(NOT CGT_FUZZ)
    set(name "kernels purity: kernels/${area} refuses an include from a layer above or beside, and a file in no layer")
    add_test(NAME "${name}"
             COMMAND ${CMAKE_COMMAND} -DCGT_LAYER_SPEC=${spec} -DCGT_LAYER_ROOT=${CMAKE_CURRENT_SOURCE_DIR}
                     -DCGT_LAYER_WORK=${CMAKE_CURRENT_BINARY_DIR}/kernel_layers_test
                     -P ${PROJECT_SOURCE_DIR}/cmake/kernel_layers_test.cmake)
    set_tests_properties("${name}" PROPERTIES LABELS "${area};purity")
  endif()
endfunction()

# cgt_add_kernel(<area> [DEPS <kernel areas>...])
# Builds kernels/<area>/*.cpp into the static library cgt_<area> (alias cgt::<area>),
# with kernels/ as the include root (#include "<area>/<file>.hpp"), and its tests
# kernels/<area>/test/*.cpp into the Catch2 executable test_<area>, and each
# kernels/<area>/fuzz/<name>.cpp into a libFuzzer target (cmake/Fuzzing.cmake).
# A kernel in layers (cgt_add_kernel_layer called before) has its sources in the layers'
# folders instead, and cgt_<area> is an INTERFACE library that links them all; its tests and
# fuzz targets link cgt_<area>.
# `cmake --install` puts the libraries and their headers under the prefix as cgt::<area> (and
# cgt::<area>_<layer>) of find_package(cgt) (cmake/Install.cmake), the include root there
# being include/cgt.
function(cgt_add_kernel area)
  cmake_parse_arguments(ARG "" "" "DEPS" ${ARGN})
  get_property(layers GLOBAL PROPERTY CGT_LAYERS_${area})
  if(layers)
    if(ARG_DEPS)
      message(FATAL_ERROR "kernels/${area} is in layers: give DEPS on other kernels to its layers")
    endif()
    _cgt_add_layered_kernel(${area})
  else()
    _cgt_kernel_library(cgt_${area} ${area} ${CMAKE_CURRENT_SOURCE_DIR})
    foreach(dep IN LISTS ARG_DEPS)
      target_link_libraries(cgt_${area} PUBLIC cgt_${dep})
    endforeach()
  endif()
  set_property(GLOBAL APPEND PROPERTY CGT_KERNEL_AREAS ${area})

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
