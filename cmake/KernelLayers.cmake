# The layers of a kernel (cgt_add_kernel_layer, cmake/Kernels.cmake) as the build enforces
# them. cgt_check_layers(<kernel folder>) stops with one error message, a line per fault,
# unless
#   - every .hpp/.cpp of the kernel lies in a layer's folder (or in test/ or fuzz/, which
#     sit above every layer), and
#   - every `#include "<area>/..."` there names a layer, `<area>/<layer>/<file>`, that the
#     including file's layer may see: itself and the layers below it (its DEPS, and theirs).
# It reads a layer spec: CGT_LAYER_AREA (e.g. hex), CGT_LAYERS (lowest first) and for each
# layer L, CGT_LAYER_SEES_<L> (the layers L may include, lowest first). cgt_add_kernel
# writes the spec to <build>/kernel_layers/<area>.cmake and checks at configure time, and
# again in the build whenever a file of the kernel changes. Script mode checks any copy:
#   cmake -DCGT_LAYER_SPEC=build/release/kernel_layers/hex.cmake -DCGT_LAYER_ROOT=kernels/hex \
#         -P cmake/KernelLayers.cmake

if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  cmake_minimum_required(VERSION 3.25) # the policies of the project (IN_LIST, ...)
endif()

# The 1-based line of the first occurrence of `text` in `content`.
function(_cgt_line_of content text out)
  string(FIND "${content}" "${text}" pos)
  string(SUBSTRING "${content}" 0 ${pos} before)
  string(REGEX MATCHALL "\n" newlines "${before}")
  list(LENGTH newlines count)
  math(EXPR line "${count} + 1")
  set(${out} ${line} PARENT_SCOPE)
endfunction()

# The faults of one file of layer `layer` (path relative to the kernel folder `root`),
# appended to the list named by `faults_var`, each as "<shown path>:<line>: <what>".
function(_cgt_layer_faults_of_file root rel layer shown faults_var)
  set(found ${${faults_var}})
  set(sees ${CGT_LAYER_SEES_${layer}})
  string(REPLACE ";" ", " sees_text "${sees}")
  file(READ ${root}/${rel} content)
  string(REGEX MATCHALL "(^|\n)[ \t]*#[ \t]*include[ \t]*[<\"]${CGT_LAYER_AREA}/[^\">\n]*[\">]" includes "${content}")
  foreach(match IN LISTS includes)
    string(REGEX REPLACE "^\n" "" directive "${match}")
    string(REGEX REPLACE ".*[<\"](${CGT_LAYER_AREA}/[^\">]*)[\">]$" "\\1" path "${directive}")
    _cgt_line_of("${content}" "${directive}" line)
    string(REPLACE "/" ";" parts "${path}")
    list(LENGTH parts depth)
    set(target "")
    if(depth GREATER 2)
      list(GET parts 1 target)
    endif()
    if(NOT target IN_LIST CGT_LAYERS)
      list(APPEND found "${shown}/${rel}:${line}: #include \"${path}\" names no layer of ${CGT_LAYER_AREA} (${CGT_LAYER_AREA}/<layer>/<file>)")
    elseif(NOT target IN_LIST sees)
      list(APPEND found "${shown}/${rel}:${line}: #include \"${path}\" reaches layer ${target} from layer ${layer}, which may include only ${sees_text}")
    endif()
  endforeach()
  set(${faults_var} ${found} PARENT_SCOPE)
endfunction()

function(cgt_check_layers root)
  get_filename_component(root ${root} ABSOLUTE)
  get_filename_component(kernels_dir ${root} DIRECTORY)
  get_filename_component(kernels_name ${kernels_dir} NAME)
  set(shown "${kernels_name}/${CGT_LAYER_AREA}")
  string(REPLACE ";" ", " layers_text "${CGT_LAYERS}")
  set(faults)
  file(GLOB_RECURSE files RELATIVE ${root} ${root}/*.hpp ${root}/*.cpp ${root}/*.h ${root}/*.cc)
  list(SORT files)
  foreach(rel IN LISTS files)
    string(FIND "${rel}" "/" slash)
    set(folder "")
    if(slash GREATER 0)
      string(SUBSTRING "${rel}" 0 ${slash} folder)
    endif()
    if(folder STREQUAL "test" OR folder STREQUAL "fuzz")
      continue()
    elseif(NOT folder IN_LIST CGT_LAYERS)
      list(APPEND faults "${shown}/${rel}:1: lies in no layer; move it into one of ${layers_text}")
    else()
      _cgt_layer_faults_of_file(${root} ${rel} ${folder} ${shown} faults)
    endif()
  endforeach()
  if(faults)
    # Lines that begin with blanks are printed as they are (CMake wraps other lines).
    list(TRANSFORM faults PREPEND "  ")
    string(REPLACE ";" "\n" text "${faults}")
    message(FATAL_ERROR "${shown} breaks its layers (declared in ${shown}/CMakeLists.txt):\n${text}")
  endif()
endfunction()

if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  if(NOT CGT_LAYER_SPEC OR NOT CGT_LAYER_ROOT)
    message(FATAL_ERROR "usage: cmake -DCGT_LAYER_SPEC=<spec> -DCGT_LAYER_ROOT=<kernel folder> -P KernelLayers.cmake")
  endif()
  include(${CGT_LAYER_SPEC})
  cgt_check_layers(${CGT_LAYER_ROOT})
endif()
