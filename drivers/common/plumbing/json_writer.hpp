#pragma once
// The one writer of JSON text: every --json of the tools and the verify programs builds a
// Json value (nlohmann-json; members keep the order they were added in) and prints it with
// json_text(), so the output is deterministic and always valid UTF-8 JSON (RFC 8259):
//   - '"', '\' and the control characters are escaped (\n, \t, ..., \u001b);
//   - a number that is not finite is written as null (JSON has no NaN or infinity);
//   - a byte that is not part of valid UTF-8, in a text or a member name, is written as
//     U+FFFD, and the text is named: the object ends with a member
//       "not_utf8": ["/file", "/parts/0/file"]
//     listing the JSON pointers (RFC 6901) of the texts so mended. Without such bytes the
//     member is absent.
//
//   Json o;
//   o["value"] = "1/2";
//   o["edges"] = Json::array({0, 1});
//   o["exact"] = true;
//   json_text(o)   // {"value": "1/2", "edges": [0, 1], "exact": true}
#include <nlohmann/json.hpp>

#include <string>

namespace cgt::common {

using Json = nlohmann::ordered_json;

// `value` on one line, no newline at the end: members as `"name": value` and items
// separated by ", ". The "not_utf8" member is added only when `value` is an object.
[[nodiscard]] std::string json_text(const Json& value);

} // namespace cgt::common
