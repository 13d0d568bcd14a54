#pragma once
// The functions defined by recursion on the options (thermographs, cooling, heating, the
// reduced canonical form, atomic weights, negatives) walk a game's followers bottom-up on
// an explicit stack of handles, so that a game thousands of levels deep (up to
// GameStore::Limits::max_depth) costs heap, not the call stack.
#include "core/game_store.hpp"

#include <vector>

namespace cgt::core {

// Calls compute(x) for g and for each follower x of g with !done(x), after every option of
// x (unless leaf(x): x's result needs none of its options'), deepest first, each once.
// compute(x) must make done(x) true; afterwards done(g) holds. Followers reached by several
// paths are computed once, as done() remembers them.
template <class Done, class Leaf, class Compute>
void post_order(const GameStore& store, GameId g, Done&& done, Leaf&& leaf, Compute&& compute) {
    std::vector<GameId> stack = {g};
    while (!stack.empty()) {
        const GameId x = stack.back();
        if (done(x)) {
            stack.pop_back();
            continue;
        }
        if (!leaf(x)) {
            const std::size_t before = stack.size();
            for (GameId o : store.left_options(x))
                if (!done(o)) stack.push_back(o);
            for (GameId o : store.right_options(x))
                if (!done(o)) stack.push_back(o);
            if (stack.size() != before) continue; // x again once these are done
        }
        compute(x);
        stack.pop_back();
    }
}

} // namespace cgt::core
