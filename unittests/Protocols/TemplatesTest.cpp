//===- TemplatesTest.cpp - protocol size rules and templates --------------===//

#include "mplang/Protocols/Templates.h"

#include "gtest/gtest.h"

using namespace mplang::protocols;

namespace {

// The OKVS and silent VOLE sizes docs/protocols.md gives for RR22 PSI.
TEST(ProtocolSizes, OkvsSizes) {
  EXPECT_EQ(getOkvsSize(1), 128);
  EXPECT_EQ(getOkvsSize(128), 3200);
  EXPECT_EQ(getOkvsSize(1024), 1664);
  EXPECT_EQ(getOkvsSize(16384), 23040);
  EXPECT_EQ(getOkvsSize(65536), 91776);
  EXPECT_EQ(getOkvsSize(1 << 20), 1415680);
  EXPECT_EQ(getOkvsSize(1 << 24), 22649344);
}

TEST(ProtocolSizes, SilentVoleTrees) {
  SilentVoleShape at2e20 = cantFail(getSilentVoleShape(1415680));
  EXPECT_EQ(at2e20.trees, 692);
  EXPECT_EQ(at2e20.depth, 12);
  SilentVoleShape at1024 = cantFail(getSilentVoleShape(1664));
  EXPECT_EQ(at1024.trees, 832);
  EXPECT_EQ(at1024.depth, 2);
  // Few outputs: the least number of trees, of two leaves.
  SilentVoleShape small = cantFail(getSilentVoleShape(100));
  EXPECT_EQ(small.trees, 546);
  EXPECT_EQ(small.depth, 1);
}

TEST(ProtocolSizes, TagWordsAndChunks) {
  EXPECT_EQ(getPsiTagWords(1), 3);
  EXPECT_EQ(getPsiTagWords(128), 4);
  EXPECT_EQ(getPsiTagWords(1 << 20), 5);
  EXPECT_EQ(getPsiTagWords((1 << 20) + 1), 6);
  EXPECT_EQ(getSsChunk(16), 16);
  EXPECT_EQ(getSsChunk(512), 256);
  EXPECT_EQ(getSsChunk(4096), 1024);
  EXPECT_EQ(getSsChunk(8192), 8192);
  EXPECT_EQ(getSsChunk(1 << 20), 8192);
}

constexpr const char *kTemplate = "// TEMPLATE psi\n"
                                  "head @keep\n"
                                  "// PER-SIZE BEGIN\n"
                                  "func.func @f.n@N@(m=@M@ k=@K@) @g\n"
                                  "func.func private @h.n@N@(\n"
                                  "func.func @lib.two.n@N@(\n"
                                  "// PER-SIZE END\n"
                                  "tail\n";

TEST(ProtocolTemplates, InstantiatesEachSize) {
  EXPECT_EQ(cantFail(instantiateTemplate(kTemplate, {128, 1024})),
            "// TEMPLATE psi\nhead @keep\n"
            "func.func @f.n128(m=3200 k=4) @g\n"
            "func.func private @h.n128(\nfunc.func @lib.two.n128(\n"
            "func.func @f.n1024(m=1664 k=4) @g\n"
            "func.func private @h.n1024(\nfunc.func @lib.two.n1024(\n"
            "tail\n");
  EXPECT_EQ(cantFail(instantiateTemplate(kTemplate, {})),
            "// TEMPLATE psi\nhead @keep\ntail\n");
  EXPECT_EQ(getTemplateKind(kTemplate), "psi");
  EXPECT_EQ(getTemplateFunctions(kTemplate),
            (std::vector<std::string>{"f", "lib.two"}));
}

// Chunks of at most 2^16 items, at least four, the last one ending at N
// (it overlaps the one before when the chunk does not divide N).
TEST(ProtocolTemplates, ChunksForUnbalancedPsi) {
  EXPECT_EQ(cantFail(instantiateTemplate(
                "// TEMPLATE upsi\n// PER-SIZE BEGIN\n@N@: @K@x@C@=2x@HC@ "
                "last @LAST@\n// PER-SIZE END\n",
                {300, 16777216, 2})),
            "// TEMPLATE upsi\n300: 4x76=2x38 last 224\n"
            "16777216: 256x65536=2x32768 last 16711680\n2: 1x2=2x1 last 0\n");
  EXPECT_EQ(getUpsiChunk(6), 2);
  EXPECT_EQ(getUpsiChunk(1000), 250);
  EXPECT_EQ(getUpsiChunk(65538), 16386);
  EXPECT_EQ(getUpsiChunk(1 << 20), 65536);
  EXPECT_EQ(getUpsiChunk((1 << 20) + 2), 61682);
}

TEST(ProtocolTemplates, HalvesForReplicatedSharing) {
  EXPECT_EQ(cantFail(instantiateTemplate(
                "// TEMPLATE rep3\n// PER-SIZE BEGIN\n@N@ words in @H@ "
                "blocks, twice @N2@\n// PER-SIZE END\n",
                {64})),
            "// TEMPLATE rep3\n64 words in 32 blocks, twice 128\n");
}

TEST(ProtocolTemplates, RepeatsLevels) {
  const char *text = "x\n// TEMPLATE svole\n// PER-SIZE BEGIN\nT=@T@\n"
                     "// PER-LEVEL BEGIN\nl@L@ q@Q@ p@P@ sh@SH@;\n"
                     "// PER-LEVEL END\n// PER-SIZE END\n";
  // 100 outputs: 546 trees of depth 1, so one level.
  EXPECT_EQ(cantFail(instantiateTemplate(text, {100})),
            "x\n// TEMPLATE svole\nT=546\nl0 q1 p546 sh0;\n");
}

std::string errorOf(llvm::StringRef text, int64_t n) {
  llvm::Expected<std::string> out = instantiateTemplate(text, {n});
  return out ? "" : llvm::toString(out.takeError());
}

TEST(ProtocolTemplates, Errors) {
  constexpr const char *iknp =
      "// TEMPLATE iknp\n// PER-SIZE BEGIN\n@W@\n// PER-SIZE END\n";
  EXPECT_EQ(errorOf(iknp, 100), "IKNP OT of 100: not a multiple of 128");
  EXPECT_EQ(errorOf(iknp, 0), "size 0 is not in [1, 2^32]");
  EXPECT_EQ(errorOf("// TEMPLATE psi\n// PER-SIZE BEGIN\n@Z@\n"
                    "// PER-SIZE END\n",
                    8),
            "unknown placeholder @Z@");
  EXPECT_EQ(errorOf("// PER-SIZE BEGIN\n// PER-SIZE END\n", 8),
            "no '// TEMPLATE <kind>' line");
  EXPECT_EQ(errorOf("// TEMPLATE psi\n", 8), "no PER-SIZE markers");
  EXPECT_EQ(errorOf("// TEMPLATE abc\n// PER-SIZE BEGIN\n// PER-SIZE END\n", 8),
            "unknown template kind 'abc'");
  EXPECT_EQ(errorOf("// TEMPLATE psi\n// PER-SIZE BEGIN\n// PER-LEVEL BEGIN\n"
                    "// PER-LEVEL END\n// PER-SIZE END\n",
                    8),
            "PER-LEVEL sections need the kind svole");
  EXPECT_EQ(
      errorOf("// TEMPLATE ss\n// PER-SIZE BEGIN\n// PER-SIZE END\n", 300),
      "additive sharing of 300: not a multiple of its chunk 256");
  EXPECT_EQ(errorOf("// TEMPLATE upsi\n// PER-SIZE BEGIN\n@H@\n"
                    "// PER-SIZE END\n",
                    7),
            "unbalanced PSI of 7: not even");
  EXPECT_EQ(errorOf("// TEMPLATE rep3\n// PER-SIZE BEGIN\n@H@\n"
                    "// PER-SIZE END\n",
                    9),
            "replicated sharing of 9: not even");
}

} // namespace
