#include "impartial/grundy_game.hpp"
#include "impartial/sparse_sweep.hpp"
#include "verify/grundy/grundy_figures.hpp"
#include "verify/grundy/sha256.hpp"

#include <catch2/catch.hpp>

using namespace cgt;

TEST_CASE("Sha256: the FIPS 180-4 examples and block boundaries", "[grundy]") {
    struct Row { std::string text; std::string digest; };
    const std::vector<Row> rows = {
        {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
        {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
        {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
        {std::string(55, 'a'), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"},
        {std::string(64, 'a'), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"},
        {std::string(1000000, 'a'), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},
    };
    for (const auto& row : rows) {
        INFO(row.text.size() << " bytes");
        verify::Sha256 whole;
        whole.update(row.text);
        CHECK(whole.hex_digest() == row.digest);
        verify::Sha256 pieces; // the same bytes fed in uneven pieces
        for (std::size_t i = 0; i < row.text.size(); i += 37) pieces.update(std::string_view(row.text).substr(i, 37));
        CHECK(pieces.hex_digest() == row.digest);
    }
}

TEST_CASE("GrundyFigures: the sweep regenerates the OEIS b-file and a-file byte for byte", "[grundy]") {
    // The OEIS publishes these SHA-256 and sizes (oeis/oeisdata Git LFS pointers of
    // files/A002/b002188.txt and a002188.txt, commit aa4913a0).
    impartial::SparseSweep sweep(200000);
    sweep.run_through(200000);
    const auto b = verify::oeis_text_digest(sweep.values(), 20000);
    CHECK(b.bytes == 167724);
    CHECK(b.sha256 == "56be066bdc73f701ad1054f7c240aa798cc466ec3dc3faa419c1ed25abf74d63");
    const auto a = verify::oeis_text_digest(sweep.values(), 200000);
    CHECK(a.bytes == 1923015);
    CHECK(a.sha256 == "7231234ca1a3ae7e7c859b0c31d469c778365a161a8a756f6a8ae0b137e34b9b");
    CHECK_THROWS_WITH(verify::oeis_text_digest(sweep.values(), 200001), Catch::Contains("not among the values"));
}

TEST_CASE("GrundyFigures: derived from the values alone", "[grundy]") {
    const auto by_definition = impartial::grundy_values_by_definition(2000);
    const std::vector<std::uint16_t> g(by_definition.begin(), by_definition.end());
    const verify::GrundyFigures f = verify::derive_figures(g, 2000);
    // The sparse heaps up to 1,000 are 205 (the article's table); G = 0 ends at 1222.
    CHECK(verify::count_up_to(f.sparse, 1000) == 205);
    CHECK(f.count[0] == 42);
    CHECK(f.first[0] == 0);
    CHECK(f.last[0] == 1222);
    CHECK(f.first[65535] == -1);
    REQUIRE(f.records.size() >= 5);
    CHECK(f.records[4] == std::pair<std::uint64_t, unsigned>{18, 4});
    for (const auto& [heap, value] : f.sparse) CHECK(impartial::is_sparse_value(value));
    CHECK_THROWS_WITH(verify::derive_figures(g, 2001), Catch::Contains("G(2001) is not among the 2001 values"));

    std::vector<std::uint16_t> other = g;
    CHECK_FALSE(verify::first_difference(g, other, 2000));
    other[777] ^= 1;
    CHECK(verify::first_difference(g, other, 2000) == 777u);
    CHECK_FALSE(verify::first_difference(g, other, 776));
}
