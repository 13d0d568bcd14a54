# Warnings for every target of the project (not for the dependencies).
add_library(cgt_warnings INTERFACE)
target_compile_options(cgt_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion
  -Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual -Wimplicit-fallthrough
  # GCC 12 reports false -Wrestrict positives inside std::string at -O3 (GCC bug 105329).
  $<$<CXX_COMPILER_ID:GNU>:-Wno-restrict>)
option(CGT_WERROR "Treat warnings as errors" OFF)
if(CGT_WERROR)
  target_compile_options(cgt_warnings INTERFACE -Werror)
endif()

# Sanitizer build (the asan preset): address + undefined behaviour, no recovery.
option(CGT_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
if(CGT_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()
