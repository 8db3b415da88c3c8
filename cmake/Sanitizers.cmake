# Sanitizer and fuzzer builds (docs/testing.md). Included before any target is
# defined, so the flags reach every object of the build.
set(MPLANG_SANITIZE "" CACHE STRING
  "Sanitizers for every target, e.g. 'address;undefined'")
option(MPLANG_BUILD_FUZZERS "Build the libFuzzer targets in fuzz/ (clang)" OFF)

if(MPLANG_SANITIZE)
  list(JOIN MPLANG_SANITIZE "," _mplang_sanitizers)
  # Any UBSan report fails the process. vptr needs RTTI, which LLVM's classes
  # lack.
  add_compile_options(-fsanitize=${_mplang_sanitizers}
    -fno-sanitize-recover=all -fno-omit-frame-pointer)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    add_compile_options(-fno-sanitize=vptr)
  endif()
  add_link_options(-fsanitize=${_mplang_sanitizers})
  # Runtime defaults compiled into every executable, so no ASAN_OPTIONS is
  # needed (mplang_link_sanitizer_defaults below).
  add_library(MPLangSanitizerDefaults OBJECT
    ${PROJECT_SOURCE_DIR}/cmake/SanitizerDefaults.cpp)
  # Reports name files and lines without llvm-symbolizer on PATH.
  find_program(MPLANG_SYMBOLIZER llvm-symbolizer
    PATHS ${LLVM_TOOLS_BINARY_DIR} NO_DEFAULT_PATH)
  if(MPLANG_SYMBOLIZER)
    target_compile_definitions(MPLangSanitizerDefaults PRIVATE
      MPLANG_SYMBOLIZER="${MPLANG_SYMBOLIZER}")
  endif()
endif()

if(MPLANG_BUILD_FUZZERS)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "MPLANG_BUILD_FUZZERS needs clang (libFuzzer)")
  endif()
  # Coverage feedback from all our code, not only the fuzz targets.
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()

# Links the sanitizer defaults into every executable under `dir`.
function(mplang_link_sanitizer_defaults dir)
  if(NOT TARGET MPLangSanitizerDefaults)
    return()
  endif()
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  foreach(target ${targets})
    get_target_property(type ${target} TYPE)
    if(type STREQUAL "EXECUTABLE")
      target_link_libraries(${target} PRIVATE MPLangSanitizerDefaults)
    endif()
  endforeach()
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(subdir ${subdirs})
    mplang_link_sanitizer_defaults(${subdir})
  endforeach()
endfunction()
