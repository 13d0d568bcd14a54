# The version string: the project's VERSION (CMakeLists.txt) with `git describe` beside it,
# taken at build time (not configure time), so a rebuilt binary never claims an older
# commit: `0.1.0 (git 3ff2b19)`. What --version prints and the `version` attribute of every
# result file. The generated source is rewritten only on change.
set(CGT_VERSION_CPP ${CMAKE_BINARY_DIR}/generated/version.cpp)
add_custom_target(cgt_version_stamp
  COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${CMAKE_SOURCE_DIR} -DOUTPUT=${CGT_VERSION_CPP}
          -DNUMBER=${PROJECT_VERSION} -P ${CMAKE_SOURCE_DIR}/cmake/WriteVersion.cmake
  BYPRODUCTS ${CGT_VERSION_CPP}
  COMMENT "Stamping git describe into version.cpp")
