#pragma once
// A fresh folder for one test case under the system's temporary directory, removed with
// what it holds when the case ends. Its name holds the test's tag and the process id, so
// that test processes running side by side (ctest -j) never share one.
#include <filesystem>
#include <string>
#include <unistd.h>

namespace cgt::common::test {

struct ScratchDir {
    std::string path;
    explicit ScratchDir(const std::string& tag)
        : path((std::filesystem::temp_directory_path() /
                ("cgt-" + tag + "-test-" + std::to_string(::getpid())))
                   .string()) {
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~ScratchDir() {
        std::error_code ignored; // a destructor must not throw; a leftover folder is harmless
        std::filesystem::remove_all(path, ignored);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    // The path of `name` inside the folder.
    [[nodiscard]] std::string at(const std::string& name) const { return path + "/" + name; }
};

} // namespace cgt::common::test
