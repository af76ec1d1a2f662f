// A small streaming JSON writer: objects, arrays, strings, integers, booleans and null.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace sente {

// Writes compact JSON. Callers nest Begin/End calls correctly; inside an object every value
// is preceded by Key().
class JsonWriter {
 public:
  JsonWriter& BeginObject();
  JsonWriter& EndObject();
  JsonWriter& BeginArray();
  JsonWriter& EndArray();
  JsonWriter& Key(absl::string_view key);
  JsonWriter& String(absl::string_view value);
  JsonWriter& Int(int64_t value);
  JsonWriter& Bool(bool value);
  JsonWriter& Null();

  const std::string& str() const { return out_; }

 private:
  void BeforeValue();

  std::string out_;
  std::vector<bool> first_;  // per open container: no element written yet
  bool after_key_ = false;
};

// `text` as a quoted JSON string with the required escapes.
std::string JsonQuote(absl::string_view text);

}  // namespace sente
