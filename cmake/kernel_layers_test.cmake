# The layer check (cmake/KernelLayers.cmake) passes a copy of a kernel's folders as they
# are, and refuses, with an error line naming the file, the line and the layers, copies with
#   - an include of the top layer planted in the lowest layer,
#   - an include between two layers that do not see each other (if the kernel has two),
#   - an include that names no layer ("<area>/<file>.hpp", as before the layers), and
#   - a source file at the top of the kernel's folder, in no layer.
#   cmake -DCGT_LAYER_SPEC=<spec> -DCGT_LAYER_ROOT=kernels/<area> -DCGT_LAYER_WORK=<scratch dir>
#         -P cmake/kernel_layers_test.cmake
cmake_minimum_required(VERSION 3.25)
include(${CGT_LAYER_SPEC})
set(area ${CGT_LAYER_AREA})
set(copy ${CGT_LAYER_WORK}/kernels/${area})
set(script ${CMAKE_CURRENT_LIST_DIR}/KernelLayers.cmake)

function(fresh_copy)
  file(REMOVE_RECURSE ${CGT_LAYER_WORK})
  file(MAKE_DIRECTORY ${CGT_LAYER_WORK}/kernels)
  file(COPY ${CGT_LAYER_ROOT} DESTINATION ${CGT_LAYER_WORK}/kernels)
endfunction()

function(run_check out_status out_text)
  execute_process(COMMAND ${CMAKE_COMMAND} -DCGT_LAYER_SPEC=${CGT_LAYER_SPEC} -DCGT_LAYER_ROOT=${copy} -P ${script}
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(${out_status} ${status} PARENT_SCOPE)
  set(${out_text} "${out}${err}" PARENT_SCOPE)
endfunction()

# The first header (by name) of a layer, relative to the kernel's folder.
function(first_header layer out)
  file(GLOB headers RELATIVE ${copy} ${copy}/${layer}/*.hpp)
  list(SORT headers)
  list(GET headers 0 first)
  set(${out} ${first} PARENT_SCOPE)
endfunction()

# Puts `line` as the second line of the file (after its #pragma once).
function(plant rel line)
  file(READ ${copy}/${rel} content)
  string(FIND "${content}" "\n" end)
  math(EXPR rest_begin "${end} + 1")
  string(SUBSTRING "${content}" 0 ${rest_begin} first)
  string(SUBSTRING "${content}" ${rest_begin} -1 rest)
  file(WRITE ${copy}/${rel} "${first}${line}\n${rest}")
endfunction()

# The check must fail, and its message hold `expected` (a literal text).
function(expect_refusal what expected)
  run_check(status text)
  if(status EQUAL 0)
    message(FATAL_ERROR "FAIL (${what}): the check passed; it must refuse with\n  ${expected}")
  endif()
  string(FIND "${text}" "${expected}" at)
  if(at LESS 0)
    message(FATAL_ERROR "FAIL (${what}): the check failed, but its message lacks\n  ${expected}\nIt said:\n${text}")
  endif()
  message(STATUS "refused (${what}): ${expected}")
endfunction()

list(GET CGT_LAYERS 0 lowest)
list(GET CGT_LAYERS -1 top)
set(shown kernels/${area})

fresh_copy()
run_check(status text)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "FAIL: the check refuses kernels/${area} as it is:\n${text}")
endif()
message(STATUS "passed: kernels/${area} as it is")

first_header(${lowest} low_header)
first_header(${top} top_header)
string(REPLACE ";" ", " lowest_sees "${CGT_LAYER_SEES_${lowest}}")
plant(${low_header} "#include \"${area}/${top_header}\"")
expect_refusal("upward" "${shown}/${low_header}:2: #include \"${area}/${top_header}\" reaches layer ${top} from layer ${lowest}, which may include only ${lowest_sees}")

# Two layers neither of which sees the other.
set(beside_done FALSE)
foreach(a IN LISTS CGT_LAYERS)
  foreach(b IN LISTS CGT_LAYERS)
    if(beside_done OR a STREQUAL b OR a IN_LIST CGT_LAYER_SEES_${b} OR b IN_LIST CGT_LAYER_SEES_${a})
      continue()
    endif()
    fresh_copy()
    first_header(${a} a_header)
    first_header(${b} b_header)
    string(REPLACE ";" ", " a_sees "${CGT_LAYER_SEES_${a}}")
    plant(${a_header} "#include \"${area}/${b_header}\"")
    expect_refusal("beside" "${shown}/${a_header}:2: #include \"${area}/${b_header}\" reaches layer ${b} from layer ${a}, which may include only ${a_sees}")
    set(beside_done TRUE)
  endforeach()
endforeach()

fresh_copy()
get_filename_component(flat ${low_header} NAME)
plant(${low_header} "#include \"${area}/${flat}\"")
expect_refusal("no layer named" "${shown}/${low_header}:2: #include \"${area}/${flat}\" names no layer of ${area}")

fresh_copy()
file(WRITE ${copy}/stray.cpp "int stray() { return 0; }\n")
expect_refusal("a file in no layer" "${shown}/stray.cpp:1: lies in no layer")

file(REMOVE_RECURSE ${CGT_LAYER_WORK})
