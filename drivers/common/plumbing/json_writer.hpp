#pragma once
// JSON text for the --json output of tools and verify programs (RFC 8259): strings are
// UTF-8 with '"', '\' and control characters escaped; a number that is not finite is
// written as null, since JSON has no NaN or infinity. Members keep the order they were
// added in, so the output is deterministic.
//
//   JsonObject o;
//   o.add("value", "1/2").add("edges", 2).add("exact", true);
//   o.str()   // {"value": "1/2", "edges": 2, "exact": true}
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace cgt::common {

inline std::string json_quote(std::string_view text) {
    std::string out = "\"";
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += ch;
            }
        }
    }
    return out + "\"";
}

inline std::string json_number(double x) {
    if (!std::isfinite(x)) return "null";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", x);
    return buf;
}

// `[a, b, ...]` from items that are JSON already.
inline std::string json_array(const std::vector<std::string>& items) {
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
    return out + "]";
}

inline std::string json_strings(const std::vector<std::string>& texts) {
    std::vector<std::string> quoted;
    quoted.reserve(texts.size());
    for (const auto& t : texts) quoted.push_back(json_quote(t));
    return json_array(quoted);
}

class JsonObject {
public:
    JsonObject& add(std::string_view key, std::string_view text) { return raw(key, json_quote(text)); }
    JsonObject& add(std::string_view key, const char* text) { return raw(key, json_quote(text)); }
    JsonObject& add(std::string_view key, const std::string& text) { return raw(key, json_quote(text)); }
    JsonObject& add(std::string_view key, bool b) { return raw(key, b ? "true" : "false"); }
    JsonObject& add(std::string_view key, double x) { return raw(key, json_number(x)); }
    template <class Int, class = std::enable_if_t<std::is_integral_v<Int> && !std::is_same_v<Int, bool>>>
    JsonObject& add(std::string_view key, Int n) { return raw(key, std::to_string(n)); }
    // A member whose value is JSON already (an object, an array, null).
    JsonObject& raw(std::string_view key, const std::string& json) {
        m_text += (m_text.empty() ? "" : ", ") + json_quote(key) + ": " + json;
        return *this;
    }
    [[nodiscard]] std::string str() const { return "{" + m_text + "}"; }

private:
    std::string m_text;
};

} // namespace cgt::common
