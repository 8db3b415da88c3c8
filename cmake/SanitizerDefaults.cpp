//===- SanitizerDefaults.cpp - runtime options of sanitizer builds --------===//
//
// Linked into every executable of an MPLANG_SANITIZE build; ASAN_OPTIONS and
// UBSAN_OPTIONS still override these.
//
//===----------------------------------------------------------------------===//

#ifdef MPLANG_SYMBOLIZER
#define SYMBOLIZER ":external_symbolizer_path=" MPLANG_SYMBOLIZER
#else
#define SYMBOLIZER ""
#endif

extern "C" {

/// allow_user_poisoning=0: LLVM's allocators poison and unpoison memory in
/// inline code (instrumented here) and in Debian's uninstrumented libLLVM and
/// libMLIR, which then disagree and report bogus errors at start-up.
__attribute__((used, visibility("default"))) const char *
__asan_default_options() {
  return "allow_user_poisoning=0" SYMBOLIZER;
}

__attribute__((used, visibility("default"))) const char *
__ubsan_default_options() {
  return "print_stacktrace=1:halt_on_error=1" SYMBOLIZER;
}

} // extern "C"
