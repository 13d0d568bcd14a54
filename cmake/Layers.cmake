# Layers in drivers/common: the plumbing below, the job runtime on it. A layer's sources
# (tests and fuzz targets included) may include, with quotes, only the headers of the
# layers below it and its own; cgt_check_driver_layers() (called at the end of the
# top-level CMakeLists, and by cmake/layer_test.sh) stops configure at the first include
# from a lower layer upwards, naming the file, the header and the rule. System and
# library headers (<...>) are not layers' business: the plumbing alone links MPI and HDF5.
#   cmake -DCGT_SOURCE_DIR=<tree> -P cmake/Layers.cmake   checks <tree> without configuring

# cgt_check_layer_includes(<root> <folder> <layer> ALLOWED <header prefix>...)
function(cgt_check_layer_includes root folder layer)
  cmake_parse_arguments(ARG "" "" "ALLOWED" ${ARGN})
  file(GLOB_RECURSE sources ${root}/${folder}/*.hpp ${root}/${folder}/*.cpp ${root}/${folder}/*.h)
  list(JOIN ARG_ALLOWED ", " allowed)
  foreach(source IN LISTS sources)
    file(STRINGS ${source} lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(line IN LISTS lines)
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\".*$" "\\1" header "${line}")
      set(ok FALSE)
      foreach(prefix IN LISTS ARG_ALLOWED)
        string(FIND "${header}" "${prefix}" at)
        if(at EQUAL 0)
          set(ok TRUE)
        endif()
      endforeach()
      if(NOT ok)
        file(RELATIVE_PATH shown ${root} ${source})
        message(FATAL_ERROR "${shown} includes \"${header}\": the ${layer} layer (${folder}) may include only ${allowed}")
      endif()
    endforeach()
  endforeach()
endfunction()

function(cgt_check_driver_layers root)
  cgt_check_layer_includes(${root} drivers/common/plumbing plumbing ALLOWED common/plumbing/)
  cgt_check_layer_includes(${root} drivers/common/runtime runtime ALLOWED common/plumbing/ common/runtime/)
endfunction()

if(CMAKE_SCRIPT_MODE_FILE AND CGT_SOURCE_DIR)
  cgt_check_driver_layers(${CGT_SOURCE_DIR})
endif()
