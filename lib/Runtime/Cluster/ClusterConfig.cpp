//===- ClusterConfig.cpp - the parties of a distributed run ---------------===//

#include "mplang/Runtime/Cluster/ClusterConfig.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include <fstream>
#include <nlohmann/json.hpp>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <set>
#include <sstream>
#include <yaml-cpp/yaml.h>

using namespace mplang::rt;
using json = nlohmann::json;

std::string mplang::rt::sha256Hex(const std::string &data) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned size = 0;
  EVP_Digest(data.data(), data.size(), digest, &size, EVP_sha256(), nullptr);
  return llvm::toHex(llvm::ArrayRef<uint8_t>(digest, size), /*LowerCase=*/true);
}

bool mplang::rt::tokenMatches(const Credential &credential,
                              const std::string &token) {
  std::string hash = sha256Hex(token);
  return !credential.tokenSha256.empty() &&
         hash.size() == credential.tokenSha256.size() &&
         CRYPTO_memcmp(hash.data(), credential.tokenSha256.data(),
                       hash.size()) == 0;
}

std::optional<int64_t> ClusterConfig::rankOf(const std::string &name) const {
  for (size_t r = 0; r < nodes.size(); ++r)
    if (nodes[r].name == name)
      return r;
  return std::nullopt;
}

std::string ClusterConfig::endpoint(int64_t rank) const {
  const NodeConfig &node = nodes[rank];
  return std::string(tls() ? "https://" : "http://") + node.host + ":" +
         std::to_string(node.port);
}

namespace {
/// A field error: "FILE: FIELD: MESSAGE".
struct ConfigError {
  std::string field, message;
};

/// YAML as the JSON tree the rest of the parser reads (scalars as strings).
json yamlToJson(const YAML::Node &node) {
  switch (node.Type()) {
  case YAML::NodeType::Sequence: {
    json list = json::array();
    for (const YAML::Node &item : node)
      list.push_back(yamlToJson(item));
    return list;
  }
  case YAML::NodeType::Map: {
    json map = json::object();
    for (const auto &item : node)
      map[item.first.as<std::string>()] = yamlToJson(item.second);
    return map;
  }
  case YAML::NodeType::Scalar:
    return node.Scalar();
  default:
    return nullptr;
  }
}

class Reader {
public:
  explicit Reader(std::string dir) : dir(std::move(dir)) {}

  /// The string at `obj[key]`, or nullopt when absent.
  std::optional<std::string> optString(const json &obj, const char *key,
                                       const std::string &field) {
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null())
      return std::nullopt;
    if (!it->is_string())
      throw ConfigError{field + "." + key, "must be a string"};
    return it->get<std::string>();
  }
  std::string string(const json &obj, const char *key,
                     const std::string &field) {
    std::optional<std::string> value = optString(obj, key, field);
    if (!value || value->empty())
      throw ConfigError{field + "." + key, "missing"};
    return *value;
  }
  std::string path(const std::string &name) {
    if (name.empty() || llvm::sys::path::is_absolute(name))
      return name;
    llvm::SmallString<256> joined(dir);
    llvm::sys::path::append(joined, name);
    return std::string(joined);
  }
  /// The first line of a file, without surrounding white space.
  std::string fileSecret(const std::string &name, const std::string &field) {
    std::ifstream in(path(name));
    if (!in)
      throw ConfigError{field, "cannot read '" + path(name) + "'"};
    std::string line;
    std::getline(in, line);
    std::string trimmed = llvm::StringRef(line).trim().str();
    if (trimmed.empty())
      throw ConfigError{field, "'" + path(name) + "' is empty"};
    return trimmed;
  }
  /// A credential from `token`, `token_file` or `token_sha256`, else from
  /// the shared secret (HMAC of `label`), else an error.
  Credential credential(const json &obj, const std::string &field,
                        const std::optional<std::string> &secret,
                        const std::string &label) {
    std::optional<std::string> token = optString(obj, "token", field);
    std::optional<std::string> file = optString(obj, "token_file", field);
    std::optional<std::string> hash = optString(obj, "token_sha256", field);
    if (int(bool(token)) + int(bool(file)) + int(bool(hash)) > 1)
      throw ConfigError{field, "give only one of token, token_file and "
                               "token_sha256"};
    Credential c;
    if (file)
      token = fileSecret(*file, field + ".token_file");
    if (token) {
      if (token->size() < 16)
        throw ConfigError{field + ".token", "shorter than 16 characters"};
      c.token = *token;
    } else if (hash) {
      std::string lower = llvm::StringRef(*hash).lower();
      if (lower.size() != 64 ||
          lower.find_first_not_of("0123456789abcdef") != std::string::npos)
        throw ConfigError{field + ".token_sha256", "not 64 hex digits"};
      c.tokenSha256 = lower;
      return c;
    } else if (secret) {
      unsigned char mac[EVP_MAX_MD_SIZE];
      unsigned size = 0;
      HMAC(EVP_sha256(), secret->data(), secret->size(),
           reinterpret_cast<const unsigned char *>(label.data()), label.size(),
           mac, &size);
      c.token = llvm::toHex(llvm::ArrayRef<uint8_t>(mac, size), true);
    } else {
      throw ConfigError{field, "no credential: give token, token_file or "
                               "token_sha256, or a top-level secret"};
    }
    c.tokenSha256 = sha256Hex(c.token);
    return c;
  }

private:
  std::string dir;
};

void parseEndpoint(const std::string &text, const std::string &field, bool tls,
                   NodeConfig &node) {
  llvm::StringRef rest(text);
  if (rest.consume_front("https://")) {
    if (!tls)
      throw ConfigError{field, "https endpoint without a 'tls' section"};
  } else if (rest.consume_front("http://")) {
    if (tls)
      throw ConfigError{field, "http endpoint in a TLS cluster"};
  }
  rest.consume_back("/");
  auto [host, port] = rest.rsplit(':');
  unsigned number = 0;
  if (host.empty() || port.getAsInteger(10, number) || number == 0 ||
      number > 65535)
    throw ConfigError{field, "'" + text + "' is not HOST:PORT"};
  node.host = host.str();
  node.port = number;
}

void parseConfig(const json &root, Reader &reader, ClusterConfig &config) {
  if (!root.is_object())
    throw ConfigError{"(top level)", "must be a mapping"};
  std::optional<std::string> secret = reader.optString(root, "secret", "");
  if (auto file = reader.optString(root, "secret_file", "")) {
    if (secret)
      throw ConfigError{"secret_file", "give only one of secret and "
                                       "secret_file"};
    secret = reader.fileSecret(*file, "secret_file");
  }
  if (secret && secret->size() < 16)
    throw ConfigError{"secret", "shorter than 16 characters"};

  auto tls = root.find("tls");
  if (tls != root.end() && !tls->is_null()) {
    if (!tls->is_object())
      throw ConfigError{"tls", "must be a mapping"};
    config.tlsCaFile = reader.path(reader.string(*tls, "ca", "tls"));
    auto mutual = tls->find("mutual");
    if (mutual != tls->end()) {
      // YAML scalars arrive as strings.
      if (*mutual == true || *mutual == "true")
        config.tlsMutual = true;
      else if (*mutual != false && *mutual != "false")
        throw ConfigError{"tls.mutual", "must be true or false"};
    }
  }

  auto nodes = root.find("nodes");
  if (nodes == root.end() || !nodes->is_array() || nodes->empty())
    throw ConfigError{"nodes", "missing or not a non-empty list"};
  std::set<std::string> names;
  for (size_t i = 0; i < nodes->size(); ++i) {
    const json &entry = (*nodes)[i];
    std::string field = "nodes[" + std::to_string(i) + "]";
    if (!entry.is_object())
      throw ConfigError{field, "must be a mapping"};
    NodeConfig node;
    node.name = reader.string(entry, "name", field);
    if (node.name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN"
                                    "OPQRSTUVWXYZ0123456789_.-") !=
        std::string::npos)
      throw ConfigError{field + ".name", "'" + node.name +
                                             "' has characters other than "
                                             "letters, digits, '_', '.', '-'"};
    if (config.tlsMutual && node.name == "driver")
      throw ConfigError{field + ".name", "'driver' names the driver's "
                                         "certificate with tls.mutual"};
    if (!names.insert(node.name).second)
      throw ConfigError{field + ".name", "'" + node.name + "' appears twice"};
    parseEndpoint(reader.string(entry, "endpoint", field), field + ".endpoint",
                  config.tls(), node);
    node.credential =
        reader.credential(entry, field, secret, "mplang-v1:node:" + node.name);
    if (config.tls()) {
      node.certFile = reader.path(reader.string(entry, "tls_cert", field));
      node.keyFile = reader.path(reader.string(entry, "tls_key", field));
    }
    config.nodes.push_back(std::move(node));
  }

  auto driver = root.find("driver");
  json none = json::object();
  const json &driverObj = driver == root.end() ? none : *driver;
  if (!driverObj.is_object())
    throw ConfigError{"driver", "must be a mapping"};
  config.driver =
      reader.credential(driverObj, "driver", secret, "mplang-v1:driver");
  if (config.tlsMutual) {
    config.driverCertFile =
        reader.path(reader.string(driverObj, "tls_cert", "driver"));
    config.driverKeyFile =
        reader.path(reader.string(driverObj, "tls_key", "driver"));
  }

  // Devices are upstream's placement; only their membership is checked.
  auto devices = root.find("devices");
  if (devices != root.end() && !devices->is_null()) {
    if (!devices->is_object())
      throw ConfigError{"devices", "must be a mapping"};
    for (auto &[name, device] : devices->items()) {
      std::string field = "devices." + name;
      auto members = device.find("members");
      if (!device.is_object() || members == device.end() ||
          !members->is_array())
        throw ConfigError{field + ".members", "missing or not a list"};
      for (const json &member : *members)
        if (!member.is_string() || !names.count(member.get<std::string>()))
          throw ConfigError{field + ".members",
                            member.dump() + " is not a node name"};
    }
  }
}
} // namespace

Status mplang::rt::parseClusterConfig(const std::string &text, bool isJson,
                                      const std::string &path,
                                      ClusterConfig &config) {
  config = ClusterConfig();
  config.path = path;
  try {
    json root;
    if (isJson) {
      root = json::parse(text);
    } else {
      root = yamlToJson(YAML::Load(text));
    }
    Reader reader(llvm::sys::path::parent_path(path).str());
    parseConfig(root, reader, config);
  } catch (const ConfigError &e) {
    return Status::error(path + ": " + e.field + ": " + e.message);
  } catch (const YAML::Exception &e) {
    return Status::error(path + ":" + llvm::Twine(e.mark.line + 1) + ":" +
                         llvm::Twine(e.mark.column + 1) + ": " + e.msg);
  } catch (const std::exception &e) {
    return Status::error(path + ": " + e.what());
  }
  return Status::ok();
}

Status mplang::rt::loadClusterConfig(const std::string &path,
                                     ClusterConfig &config) {
  std::ifstream in(path);
  if (!in)
    return Status::error("cannot read cluster file '" + path + "'");
  std::stringstream text;
  text << in.rdbuf();
  return parseClusterConfig(
      text.str(), llvm::StringRef(path).ends_with(".json"), path, config);
}
