#include "common/plumbing/output_file.hpp"
#include "common/plumbing/test/scratch_dir.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sys/stat.h>

using namespace cgt::common;
namespace fs = std::filesystem;
using cgt::common::test::ScratchDir;

namespace {
void write_text(const std::string& path, const std::string& text) {
    std::ofstream(path) << text;
}
std::string read_text(const std::string& path) {
    std::ifstream in(path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
} // namespace

TEST_CASE("OutputFile: a result replaces only a regular file or a link", "[common]") {
    const ScratchDir s("output-file");
    write_text(s.at("new.partial"), "new");
    rename_over_regular_file(s.at("new.partial"), s.at("new")); // nothing there
    CHECK(read_text(s.at("new")) == "new");
    CHECK_FALSE(fs::exists(s.at("new.partial")));

    write_text(s.at("old"), "old");
    write_text(s.at("old.partial"), "newer");
    rename_over_regular_file(s.at("old.partial"), s.at("old"));
    CHECK(read_text(s.at("old")) == "newer");
    CHECK_FALSE(fs::exists(s.at("old.partial")));

    write_text(s.at("target"), "target");
    fs::create_symlink(s.at("target"), s.at("link"));
    write_text(s.at("link.partial"), "result");
    rename_over_regular_file(s.at("link.partial"), s.at("link")); // the link, not its target
    CHECK_FALSE(fs::is_symlink(s.at("link")));
    CHECK(read_text(s.at("link")) == "result");
    CHECK(read_text(s.at("target")) == "target");
}

TEST_CASE("OutputFile: a directory or a FIFO is never renamed over", "[common]") {
    const ScratchDir s("output-file");
    fs::create_directory(s.at("dir"));
    REQUIRE(mkfifo(s.at("fifo").c_str(), 0600) == 0);
    for (const auto& [name, kind] :
         {std::pair{"dir", "a directory"}, std::pair{"fifo", "a FIFO"}}) {
        const std::string to = s.at(name), from = to + ".partial";
        write_text(from, "result");
        CHECK_THROWS_WITH(rename_over_regular_file(from, to),
                          "refusing to replace '" + to + "': it is " + kind);
        CHECK(read_text(from) == "result"); // left where it was
        CHECK(not_regular_file(to) == std::optional<std::string>(kind));
    }
    CHECK(not_regular_file(s.at("absent")) == std::nullopt);
    CHECK(not_regular_file(s.at("dir.partial")) == std::nullopt);
}

TEST_CASE("OutputLock: a second holder is refused until the first lets go", "[common]") {
    const ScratchDir s("output-file");
    const std::string path = s.at("x.h5.partial");
    OutputLock::Refusal refusal{};
    {
        OutputLock first;
        CHECK(first.acquire(path, refusal) == std::nullopt);
        CHECK(refusal == OutputLock::Refusal::none);
        CHECK(first.holds(path));
        OutputLock second; // flock locks of two open files conflict within one process too
        CHECK(second.acquire(path, refusal) ==
              "another run is writing '" + path +
                  "' (it is locked): wait for it to finish, or choose another --out");
        CHECK(refusal == OutputLock::Refusal::busy);
        fs::rename(path, s.at("x.h5")); // as finish() does: the lock no longer holds the name
        CHECK_FALSE(first.holds(path));
        OutputLock third; // a fresh PATH.partial is free while `first` still holds the old file
        CHECK(third.acquire(path, refusal) == std::nullopt);
    }
    OutputLock again;
    CHECK(again.acquire(path, refusal) == std::nullopt);
}

TEST_CASE("OutputLock: refuses a directory, a FIFO and a symbolic link", "[common]") {
    const ScratchDir s("output-file");
    fs::create_directory(s.at("d.partial"));
    REQUIRE(mkfifo(s.at("f.partial").c_str(), 0600) == 0);
    fs::create_symlink("/dev/null", s.at("l.partial"));
    const std::vector<std::pair<std::string, std::string>> rows = {
        {"d.partial", "a directory"}, {"f.partial", "a FIFO"}, {"l.partial", "a symbolic link"}};
    for (const auto& [name, kind] : rows) {
        OutputLock lock;
        OutputLock::Refusal refusal{};
        CHECK(lock.acquire(s.at(name), refusal) ==
              "cannot write '" + s.at(name) + "': it is " + kind);
        CHECK(refusal == OutputLock::Refusal::failed);
    }
    OutputLock lock;
    OutputLock::Refusal refusal{};
    CHECK(lock.acquire(s.at("no-such-dir/x.partial"), refusal) ==
          "cannot write '" + s.at("no-such-dir/x.partial") + "': No such file or directory");
}
