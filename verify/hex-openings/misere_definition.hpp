#pragma once
// Misere Hex (the player who connects loses) on boards up to 4x4 solved by its definition
// alone: every move tried, every position remembered, no rule of the kernels' searches and no
// code of theirs. Red moves first and joins the top and bottom rows; cell (r, c) is r*n + c
// with the neighbours (r, c-1), (r, c+1), (r-1, c), (r-1, c+1), (r+1, c), (r+1, c-1).
#include <cstdint>
#include <vector>

namespace cgt::verify::hex_openings {

class MisereDefinition {
  public:
    static constexpr int MAX_SIZE = 4;
    // Throws std::invalid_argument unless 1 <= n <= MAX_SIZE.
    explicit MisereDefinition(int n);

    // Whether the player to move wins with red on the cells of `red` and blue on those of
    // `blue` (bit i: cell i); the player to move is red when both have as many stones.
    [[nodiscard]] bool mover_wins(std::uint32_t red, std::uint32_t blue);

  private:
    [[nodiscard]] bool connects(std::uint32_t stones, bool red) const;
    [[nodiscard]] std::uint32_t key(std::uint32_t red, std::uint32_t blue) const;

    int m_n;
    std::vector<std::uint32_t> m_neighbours;
    std::vector<std::uint32_t> m_power3; // 3^i
    std::vector<std::uint8_t> m_known;   // by key: 0 unknown, 1 the mover wins, 2 loses
};

} // namespace cgt::verify::hex_openings
