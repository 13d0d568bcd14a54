# Manual pages (CGT_MAN_PAGES, on by default): each program's --help and --version made into
# a man page by help2man at build time (cmake/man_page.sh), installed in share/man/man1.
# cgt_add_man_pages(PROGRAM_TARGET...)
function(cgt_add_man_pages)
  set(pages)
  foreach(program IN LISTS ARGN)
    set(page ${CMAKE_BINARY_DIR}/man/man1/${program}.1)
    add_custom_command(OUTPUT ${page}
      COMMAND ${PROJECT_SOURCE_DIR}/cmake/man_page.sh ${CGT_HELP2MAN} $<TARGET_FILE:${program}> ${page}
      DEPENDS ${program} ${PROJECT_SOURCE_DIR}/cmake/man_page.sh
      COMMENT "Writing the manual page of ${program}" VERBATIM)
    list(APPEND pages ${page})
  endforeach()
  add_custom_target(cgt_man_pages ALL DEPENDS ${pages})
  install(FILES ${pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endfunction()
