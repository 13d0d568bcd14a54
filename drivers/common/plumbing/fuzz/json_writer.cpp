// libFuzzer target: arbitrary bytes as the texts and member names of an object that
// json_text() writes (cut at each NUL into a name, a text, a name, ...). The output must
// parse (nlohmann's parser refuses anything that is not UTF-8 JSON), keep every valid text
// as it was, and name the mended ones in "not_utf8"; anything else traps.
#include "common/plumbing/json_writer.hpp"

#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using cgt::common::Json;
    std::vector<std::string> pieces(1);
    for (std::size_t i = 0; i < size; ++i) {
        if (data[i] == 0)
            pieces.emplace_back();
        else
            pieces.back() += static_cast<char>(data[i]);
    }
    Json o = Json::object(), list = Json::array();
    for (std::size_t i = 0; i + 1 < pieces.size(); i += 2)
        if (pieces[i] != "list" && pieces[i] != "not_utf8") o[pieces[i]] = pieces[i + 1];
    for (const std::string& p : pieces)
        list.push_back(p);
    o["list"] = list;
    Json back;
    try {
        back = Json::parse(cgt::common::json_text(o));
    } catch (const Json::parse_error&) {
        __builtin_trap();
    }
    if (back["list"].size() != pieces.size()) __builtin_trap();
    bool mended = false;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        const bool same = back["list"][i].get<std::string>() == pieces[i];
        mended = mended || !same;
        if (!same && back["list"][i].get<std::string>().find("\xef\xbf\xbd") == std::string::npos)
            __builtin_trap();
    }
    if (mended != back.contains("not_utf8")) __builtin_trap();
    return 0;
}
