#include "core/analysis.hpp"

#include "core/infinitesimals.hpp"

namespace cgt::core {

Analysis analyse(Thermography& thermal, GameId g) {
    GameStore& store = thermal.store();
    Analysis a;
    a.value = g;
    a.outcome = store.outcome(g);
    a.classification = store.classify(g);
    a.left_stop = store.left_stop(g);
    a.right_stop = store.right_stop(g);
    a.thermograph = thermal.thermograph(g);
    a.confusion = confusion_interval(store, g);
    a.incentives = incentives(store, g);
    a.birthday = store.birthday(g);
    a.all_small = is_all_small(store, g);
    if (a.all_small) a.atomic_weight = atomic_weight(store, g);
    a.reduced = reduced_canonical_form(store, g);
    return a;
}

} // namespace cgt::core
