# `cmake --install build/release --prefix DIR` installs
#   DIR/bin/cgt-*                       every program (drivers, verify programs, tools)
#   DIR/lib/libcgt_<area>.a             the kernels (pure C++: core, hackenbush, hex, impartial)
#   DIR/lib/libcgt_<area>_<layer>.a     the layers of a kernel in layers (hex: board ... solver)
#   DIR/include/cgt/<area>/*.hpp        their headers (#include "core/game_store.hpp",
#                                       "hex/board/board.hpp")
#   DIR/lib/cmake/cgt/                  the package: find_package(cgt) gives cgt::core, ...
#   DIR/share/cgt/verify-data/          the reference data, found by the installed verify programs
#                                       relative to themselves (verify/common/reference_data.cpp)
#   DIR/share/cgt/jobs/                 the INIs, the Slurm scripts, jobs/run and jobs/report, which
#                                       run DIR/bin's programs (jobs/install_paths.sh says where)
#   DIR/share/cgt/python/cgt_results/   the Python package for the result files (PYTHONPATH)
#   DIR/share/cgt/report/               the results report's Python (jobs/report)
#   DIR/share/doc/cgt/                  README.md and SCHEMA.md (every table of every job)
#   DIR/share/man/man1/cgt-*.1          the manual pages, from each program's --help (help2man)
# The install is relocatable: every path between its parts is relative. Called at the end of
# the top-level CMakeLists, when every target exists.
include(CMakePackageConfigHelpers)
include(ManPages)
set(CGT_INSTALL_SHARE ${CMAKE_INSTALL_DATADIR}/cgt)

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

  install(DIRECTORY ${PROJECT_SOURCE_DIR}/verify/data/ DESTINATION ${CGT_INSTALL_SHARE}/verify-data)
  cgt_install_share()
  if(CGT_MAN_PAGES)
    cgt_add_man_pages(${programs})
  endif()
endfunction()

# What a site runs beside the programs, under share/cgt, and how each part finds the others.
function(cgt_install_share)
  if(TARGET cgt_verify_common) # an installed verify program's data: relative to its own folder
    file(RELATIVE_PATH data_from_bin ${CMAKE_INSTALL_FULL_BINDIR} ${CMAKE_INSTALL_FULL_DATADIR}/cgt/verify-data)
    target_compile_definitions(cgt_verify_common PRIVATE CGT_DATA_FROM_BIN="${data_from_bin}")
  endif()
  set(jobs ${PROJECT_SOURCE_DIR}/jobs)
  file(GLOB inis ${jobs}/*.ini)
  file(GLOB slurm_scripts ${jobs}/*.slurm)
  install(FILES ${inis} ${jobs}/common.sh ${jobs}/slurm.sh DESTINATION ${CGT_INSTALL_SHARE}/jobs)
  install(PROGRAMS ${slurm_scripts} ${jobs}/run ${jobs}/report DESTINATION ${CGT_INSTALL_SHARE}/jobs)
  file(RELATIVE_PATH bin_from_share ${CMAKE_INSTALL_FULL_DATADIR}/cgt ${CMAKE_INSTALL_FULL_BINDIR})
  file(WRITE ${CMAKE_BINARY_DIR}/install_paths.sh
       "# Written by cmake/Install.cmake: where an install's programs are, relative to share/cgt.\n"
       "CGT_INSTALLED_BIN=${bin_from_share}\n")
  install(FILES ${CMAKE_BINARY_DIR}/install_paths.sh DESTINATION ${CGT_INSTALL_SHARE}/jobs)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/verify/python/cgt_results DESTINATION ${CGT_INSTALL_SHARE}/python
          FILES_MATCHING PATTERN "*.py" PATTERN "__pycache__" EXCLUDE)
  install(FILES ${PROJECT_SOURCE_DIR}/verify/report/cgt_report.py ${PROJECT_SOURCE_DIR}/verify/report/figures.py
          DESTINATION ${CGT_INSTALL_SHARE}/report)
  install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/results/SCHEMA.md
          DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/cgt)
endfunction()
