//===- ClusterConfigTest.cpp - cluster files ------------------------------===//

#include "mplang/Runtime/Cluster/ClusterConfig.h"

#include "llvm/Support/FileSystem.h"
#include <fstream>
#include <gtest/gtest.h>

using namespace mplang::rt;

namespace {

Status parse(const std::string &text, bool isJson, ClusterConfig &config,
             const std::string &path = "/nowhere/cluster.yaml") {
  return parseClusterConfig(text, isJson, path, config);
}

std::string errorOf(const std::string &text, bool isJson = false) {
  ClusterConfig config;
  Status s = parse(text, isJson, config);
  return s.isOk() ? "(ok)" : s.message();
}

TEST(ClusterConfig, YamlAndJsonGiveTheSameCluster) {
  ClusterConfig yaml, json;
  ASSERT_TRUE(parse(R"(
cluster_id: demo
nodes:
  - name: alice
    endpoint: "127.0.0.1:9001"
    token: alice-token-0123456789
  - name: bob
    endpoint: "http://10.0.0.2:9002/"
    token_sha256: 965B04F03A8200D4BFF70F6DF635C1D4D3E9C9A1D164D415EFC95B9304BFBAF2
driver: {token: driver-token-0123456789}
devices:
  P0: {kind: PPU, members: [alice]}
  SP: {kind: SPU, members: [alice, bob], config: {protocol: SEMI2K}}
)",
                    false, yaml)
                  .isOk());
  ASSERT_TRUE(parse(R"({
  "nodes": [
    {"name": "alice", "endpoint": "127.0.0.1:9001",
     "token": "alice-token-0123456789"},
    {"name": "bob", "endpoint": "http://10.0.0.2:9002/",
     "token_sha256": "965b04f03a8200d4bff70f6df635c1d4d3e9c9a1d164d415efc95b9304bfbaf2"}
  ],
  "driver": {"token": "driver-token-0123456789"}
})",
                    true, json)
                  .isOk());
  for (const ClusterConfig *c : {&yaml, &json}) {
    ASSERT_EQ(c->nodes.size(), 2u);
    EXPECT_EQ(c->nodes[1].name, "bob");
    EXPECT_EQ(c->nodes[1].host, "10.0.0.2");
    EXPECT_EQ(c->nodes[1].port, 9002);
    EXPECT_EQ(c->endpoint(0), "http://127.0.0.1:9001");
    EXPECT_EQ(c->rankOf("bob"), 1);
    EXPECT_FALSE(c->rankOf("carol"));
    // Only the hash of bob's token is known: it verifies, it cannot be used.
    EXPECT_TRUE(c->nodes[1].credential.token.empty());
    EXPECT_TRUE(tokenMatches(c->nodes[0].credential, "alice-token-0123456789"));
    EXPECT_TRUE(tokenMatches(c->nodes[1].credential, "alice-token-0123456789"));
    EXPECT_FALSE(tokenMatches(c->nodes[1].credential, "alice-token-012345678"));
    EXPECT_TRUE(tokenMatches(c->driver, "driver-token-0123456789"));
  }
}

TEST(ClusterConfig, SharedSecretDerivesTokensPerParty) {
  ClusterConfig config;
  ASSERT_TRUE(parse(R"(
nodes:
  - {name: alice, endpoint: "127.0.0.1:9001"}
  - {name: bob, endpoint: "127.0.0.1:9002"}
secret: shared-secret-0123456789
)",
                    false, config)
                  .isOk());
  // HMAC-SHA256(secret, "mplang-v1:node:alice"), computed independently.
  EXPECT_EQ(config.nodes[0].credential.token,
            "7e90cc42cca64a0b4ca0ba994eb7a280f7b341d47660be37777e665bea9559e8");
  EXPECT_NE(config.nodes[1].credential.token, config.nodes[0].credential.token);
  EXPECT_NE(config.driver.token, config.nodes[0].credential.token);
  EXPECT_FALSE(config.tls());
}

TEST(ClusterConfig, TokenFilesAreRelativeToTheClusterFile) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cluster-test", dir));
  std::ofstream(std::string(dir) + "/a.token") << "  file-token-0123456789 \n";
  ClusterConfig config;
  Status s = parse(R"({"nodes": [{"name": "a", "endpoint": "127.0.0.1:1",
                                  "token_file": "a.token"}],
                       "secret": "shared-secret-0123456789"})",
                   true, config, std::string(dir) + "/cluster.json");
  ASSERT_TRUE(s.isOk()) << s.message();
  EXPECT_EQ(config.nodes[0].credential.token, "file-token-0123456789");
  llvm::sys::fs::remove(std::string(dir) + "/a.token");
  llvm::sys::fs::remove(dir);
}

TEST(ClusterConfig, ErrorsNameTheFileAndTheField) {
  const std::string node = R"({name: a, endpoint: "127.0.0.1:1", token: )"
                           R"(a-token-0123456789})";
  EXPECT_EQ(errorOf("[1, 2]"),
            "/nowhere/cluster.yaml: (top level): must be a mapping");
  EXPECT_EQ(errorOf("nodes: []"),
            "/nowhere/cluster.yaml: nodes: missing or not a non-empty list");
  EXPECT_EQ(errorOf("nodes: [{endpoint: \"1.2.3.4:5\"}]"),
            "/nowhere/cluster.yaml: nodes[0].name: missing");
  EXPECT_EQ(errorOf("nodes: [{name: a/b, endpoint: \"1.2.3.4:5\"}]"),
            "/nowhere/cluster.yaml: nodes[0].name: 'a/b' has characters other "
            "than letters, digits, '_', '.', '-'");
  EXPECT_EQ(errorOf("nodes: [{name: a, endpoint: \"1.2.3.4:99999\"}]"),
            "/nowhere/cluster.yaml: nodes[0].endpoint: '1.2.3.4:99999' is not "
            "HOST:PORT");
  EXPECT_EQ(errorOf("nodes: [{name: a, endpoint: \"https://1.2.3.4:5\"}]"),
            "/nowhere/cluster.yaml: nodes[0].endpoint: https endpoint without "
            "a 'tls' section");
  EXPECT_EQ(errorOf("nodes: [{name: a, endpoint: \"1.2.3.4:5\", token: "
                    "x, token_file: y}]"),
            "/nowhere/cluster.yaml: nodes[0]: give only one of token, "
            "token_file and token_sha256");
  EXPECT_EQ(
      errorOf("nodes: [{name: a, endpoint: \"1.2.3.4:5\", token: "
              "short}]"),
      "/nowhere/cluster.yaml: nodes[0].token: shorter than 16 characters");
  EXPECT_EQ(errorOf("nodes: [{name: a, endpoint: \"1.2.3.4:5\", "
                    "token_sha256: abc}]"),
            "/nowhere/cluster.yaml: nodes[0].token_sha256: not 64 hex digits");
  EXPECT_EQ(errorOf("nodes: [" + node + "]"),
            "/nowhere/cluster.yaml: driver: no credential: give token, "
            "token_file or token_sha256, or a top-level secret");
  EXPECT_EQ(errorOf("nodes: [" + node + "]\ndriver: 5"),
            "/nowhere/cluster.yaml: driver: must be a mapping");
  EXPECT_EQ(errorOf("nodes: [{name: a, endpoint: {host: x}}]"),
            "/nowhere/cluster.yaml: nodes[0].endpoint: must be a string");
  EXPECT_EQ(errorOf("nodes: [" + node + "]\nsecret_file: /nonexistent/s"),
            "/nowhere/cluster.yaml: secret_file: cannot read '/nonexistent/s'");
  EXPECT_EQ(errorOf("nodes: [" + node + "]\ntls: {ca: ca.pem}"),
            "/nowhere/cluster.yaml: nodes[0].tls_cert: missing");
  EXPECT_EQ(errorOf("nodes:\n  - name: [\n"),
            "/nowhere/cluster.yaml:3:1: end of sequence flow not found");
  EXPECT_NE(errorOf("{\"nodes\": ", true).find("parse error"),
            std::string::npos);
  ClusterConfig config;
  EXPECT_EQ(loadClusterConfig("/nonexistent/c.yaml", config).message(),
            "cannot read cluster file '/nonexistent/c.yaml'");
}

TEST(ClusterConfig, MutualTls) {
  const std::string nodes =
      R"(nodes: [{name: a, endpoint: "https://127.0.0.1:1", tls_cert: a.pem,)"
      R"( tls_key: a.key}])"
      "\nsecret: 0123456789abcdef\n";
  ClusterConfig config;
  ASSERT_TRUE(parse(nodes + "tls: {ca: ca.pem, mutual: true}\n"
                            "driver: {tls_cert: d.pem, tls_key: d.key}",
                    false, config)
                  .isOk());
  EXPECT_TRUE(config.tlsMutual);
  EXPECT_EQ(config.driverCertFile, "/nowhere/d.pem");
  EXPECT_EQ(config.driverKeyFile, "/nowhere/d.key");
  ClusterConfig plain;
  ASSERT_TRUE(
      parse(nodes + "tls: {ca: ca.pem, mutual: false}", false, plain).isOk());
  EXPECT_FALSE(plain.tlsMutual);

  EXPECT_EQ(errorOf(nodes + "tls: {ca: ca.pem, mutual: yes please}"),
            "/nowhere/cluster.yaml: tls.mutual: must be true or false");
  EXPECT_EQ(errorOf(nodes + "tls: {ca: ca.pem, mutual: true}"),
            "/nowhere/cluster.yaml: driver.tls_cert: missing");
  EXPECT_EQ(
      errorOf(R"(nodes: [{name: driver, endpoint: "https://127.0.0.1:1"}])"
              "\nsecret: 0123456789abcdef\ntls: {ca: ca.pem, mutual: true}"),
      "/nowhere/cluster.yaml: nodes[0].name: 'driver' names the driver's "
      "certificate with tls.mutual");
}

} // namespace
