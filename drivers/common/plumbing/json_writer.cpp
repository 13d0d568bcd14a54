#include "common/plumbing/json_writer.hpp"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace cgt::common {

namespace {

// Printable ASCII other than '"' and '\': written as it is, between quotes.
bool plain(const std::string& text) {
    return std::all_of(text.begin(), text.end(), [](char ch) {
        const auto c = static_cast<unsigned char>(ch);
        return c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
    });
}

// One step of the way from the top to a value: a member's name or an item's index.
struct Step {
    const std::string* name = nullptr;
    std::size_t index = 0;
};

class Writer {
  public:
    void value(const Json& v) {
        if (v.is_object()) {
            m_out += '{';
            std::size_t k = 0;
            for (auto it = v.begin(); it != v.end(); ++it, ++k) {
                if (k) m_out += ", ";
                m_path.push_back({&it.key(), 0});
                text(it.key());
                m_out += ": ";
                value(it.value());
                m_path.pop_back();
            }
            m_out += '}';
        } else if (v.is_array()) {
            m_out += '[';
            for (std::size_t i = 0; i < v.size(); ++i) {
                if (i) m_out += ", ";
                m_path.push_back({nullptr, i});
                value(v[i]);
                m_path.pop_back();
            }
            m_out += ']';
        } else if (v.is_string()) {
            text(v.get_ref<const std::string&>());
        } else {
            m_out += v.dump(); // numbers (not finite: null), true, false, null
        }
    }

    // The "not_utf8" member, if any text was mended, before the object's closing brace.
    void name_mended_texts() {
        if (m_mended.empty() || m_out.empty() || m_out.back() != '}') return;
        m_out.pop_back();
        if (m_out.size() > 1) m_out += ", ";
        m_out += "\"not_utf8\": [";
        for (std::size_t i = 0; i < m_mended.size(); ++i) {
            if (i) m_out += ", ";
            m_out += Json(m_mended[i]).dump(-1, ' ', false, Json::error_handler_t::replace);
        }
        m_out += "]}";
    }

    [[nodiscard]] std::string take() { return std::move(m_out); }

  private:
    void text(const std::string& s) {
        if (plain(s)) {
            m_out += '"';
            m_out += s;
            m_out += '"';
            return;
        }
        try {
            m_out += Json(s).dump(-1, ' ', false, Json::error_handler_t::strict);
        } catch (const Json::type_error&) { // not UTF-8: each bad byte becomes U+FFFD
            m_out += Json(s).dump(-1, ' ', false, Json::error_handler_t::replace);
            m_mended.push_back(pointer());
        }
    }

    // RFC 6901: "/" then each name ('~' as "~0", '/' as "~1") or index.
    [[nodiscard]] std::string pointer() const {
        std::string out;
        for (const Step& s : m_path) {
            out += '/';
            if (!s.name) {
                out += std::to_string(s.index);
                continue;
            }
            for (const char c : *s.name)
                out += c == '~'   ? std::string("~0")
                       : c == '/' ? std::string("~1")
                                  : std::string(1, c);
        }
        return out;
    }

    std::string m_out;
    std::vector<Step> m_path;
    std::vector<std::string> m_mended;
};

} // namespace

std::string json_text(const Json& value) {
    Writer w;
    w.value(value);
    if (value.is_object()) w.name_mended_texts();
    return w.take();
}

} // namespace cgt::common
