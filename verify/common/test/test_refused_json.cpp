#include "verify/common/report.hpp"

#include "common/plumbing/json_writer.hpp"
#include "common/plumbing/test/random_bytes.hpp"

#include <catch2/catch.hpp>

using cgt::common::Json;

TEST_CASE("Verify report: the REFUSED object names the file and the error", "[verify]") {
    CHECK(
        cgt::verify::refused_json("cgt-verify-nim", "r/nim.h5", "r/nim.h5 is partial") ==
        R"({"verify": "cgt-verify-nim", "file": "r/nim.h5", "verdict": "REFUSED", "error": "r/nim.h5 is partial"})");
}

TEST_CASE("Verify report: 10,000 random byte strings as paths give a REFUSED object that parses",
          "[verify]") {
    for (const std::string& path : cgt::test::random_byte_strings(10000, 30)) {
        const std::string error = "cannot open " + path + ": No such file or directory";
        const Json back = Json::parse(cgt::verify::refused_json("cgt-verify-nim", path, error));
        CHECK(back["verdict"] == "REFUSED");
        if (cgt::test::valid_utf8(path)) {
            CHECK(back["file"] == path);
            CHECK(back["error"] == error);
        } else {
            CHECK(back["not_utf8"] == Json::array({"/file", "/error"}));
        }
    }
}
