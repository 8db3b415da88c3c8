//===- Templates.h - sized protocol templates -------------------*- C++ -*-===//
//
// Shapes are static in mplang, so a protocol whose size depends on N is a
// template (lib/Protocols/*.mlir.in): the text between its PER-SIZE markers
// is instantiated for each N with @N@ and the placeholders its kind derives
// from N. The size rules live here, once: the linker instantiates a
// template for the size a program names (`@mplang.psi.rr22.n<N>`).
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_PROTOCOLS_TEMPLATES_H
#define MPLANG_PROTOCOLS_TEMPLATES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mplang::protocols {

/// The GGM trees of a silent VOLE with `n` outputs: at least 2 n noise
/// positions (code rate 1/2) in `trees` trees of 2^`depth` leaves, the
/// depth as large as keeps `trees` >= kSilentVoleMinTrees.
struct SilentVoleShape {
  int64_t trees;
  int64_t depth;
};

/// Fails when the tree OTs (16384) that the template calls are too few for
/// `n`.
llvm::Expected<SilentVoleShape> getSilentVoleShape(int64_t n);

/// The OKVS size of RR22 PSI over `n` items: n times the expansion of
/// docs/field.md, rounded up to a multiple of 128. It is also the size of
/// the silent VOLE the PSI runs.
int64_t getOkvsSize(int64_t n);

/// RR22 PSI's tag words between `n` and `n` items: 40 + 2 log2(n) bits
/// (statistical security 40 against a false match among n^2 pairs) in
/// 16-bit words.
int64_t getPsiTagWords(int64_t n);

/// The triple chunk of two-party additive sharing of `n` elements: the
/// largest of 16, 256, 1024 and 8192 that is at most `n`. Each chunk is a
/// loop iteration with its own messages; 8192 elements take 2^19 OTs per
/// direction (8 MiB per tensor of OT messages).
int64_t getSsChunk(int64_t n);

/// The chunk of unbalanced PSI's setup over `n` (even) items: even, at most
/// 2^16 items, and at least four chunks (of two items or more) so that
/// every size runs the chunked loop; chunks split `n` nearly equally.
int64_t getUpsiChunk(int64_t n);

/// The kind a template names on its `// TEMPLATE <kind>` line, or "".
llvm::StringRef getTemplateKind(llvm::StringRef text);

/// The public functions the PER-SIZE part of `text` defines, without their
/// `.n@N@` suffix: `mplang.psi.rr22` for `func.func @mplang.psi.rr22.n@N@`.
std::vector<std::string> getTemplateFunctions(llvm::StringRef text);

/// `text` with its PER-SIZE part repeated for each of `sizes`; fails with a
/// message when a size does not suit the template's kind or the text has
/// an unknown placeholder.
llvm::Expected<std::string> instantiateTemplate(llvm::StringRef text,
                                                llvm::ArrayRef<int64_t> sizes);

} // namespace mplang::protocols

#endif // MPLANG_PROTOCOLS_TEMPLATES_H
