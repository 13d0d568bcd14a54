# `cmake --install build/release --prefix DIR` installs
#   DIR/bin/cgt-*                       every program (drivers, verify programs, tools)
#   DIR/lib/libcgt_<area>.a             the kernels (pure C++: core, hackenbush, hex, impartial)
#   DIR/lib/libcgt_<area>_<layer>.a     the layers of a kernel in layers (hex: board ... solver)
#   DIR/include/cgt/<area>/*.hpp        their headers (#include "core/game_store.hpp",
#                                       "hex/board/board.hpp")
#   DIR/lib/cmake/cgt/                  the package: find_package(cgt) gives cgt::core, ...
#   DIR/share/cgt/verify-data/          the reference data (give it to a verify program as --data-dir)
# Called at the end of the top-level CMakeLists, when every target exists.
include(CMakePackageConfigHelpers)

# The executables named cgt-* in `dir` and below.
function(cgt_collect_programs dir out)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  set(found)
  foreach(t IN LISTS targets)
    get_target_property(type ${t} TYPE)
    if(type STREQUAL "EXECUTABLE" AND t MATCHES "^cgt-")
      list(APPEND found ${t})
    endif()
  endforeach()
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub IN LISTS subdirs)
    cgt_collect_programs(${sub} more)
    list(APPEND found ${more})
  endforeach()
  set(${out} ${found} PARENT_SCOPE)
endfunction()

function(cgt_install)
  cgt_collect_programs(${PROJECT_SOURCE_DIR} programs)
  install(TARGETS ${programs} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

  get_property(kernels GLOBAL PROPERTY CGT_KERNELS)
  install(TARGETS ${kernels} EXPORT cgtTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
  get_property(areas GLOBAL PROPERTY CGT_KERNEL_AREAS)
  foreach(area IN LISTS areas)
    install(DIRECTORY ${PROJECT_SOURCE_DIR}/kernels/${area}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/cgt/${area}
            FILES_MATCHING PATTERN "*.hpp" PATTERN "test" EXCLUDE PATTERN "fuzz" EXCLUDE)
  endforeach()

  set(config_dir ${CMAKE_INSTALL_LIBDIR}/cmake/cgt)
  install(EXPORT cgtTargets NAMESPACE cgt:: DESTINATION ${config_dir})
  configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/cgtConfig.cmake.in
                                ${CMAKE_BINARY_DIR}/cgtConfig.cmake INSTALL_DESTINATION ${config_dir})
  write_basic_package_version_file(${CMAKE_BINARY_DIR}/cgtConfigVersion.cmake
                                   VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
  install(FILES ${CMAKE_BINARY_DIR}/cgtConfig.cmake ${CMAKE_BINARY_DIR}/cgtConfigVersion.cmake
          DESTINATION ${config_dir})

  install(DIRECTORY ${PROJECT_SOURCE_DIR}/verify/data/ DESTINATION ${CMAKE_INSTALL_DATADIR}/cgt/verify-data)
endfunction()
