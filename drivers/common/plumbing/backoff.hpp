#pragma once
// The sleeps of a polite wait (for a message, a request, another thread): from `first`,
// doubling up to `longest`; reset() after progress starts again from `first`. A poll that
// found nothing sleeps; one that found work resets: an idle waiter costs little CPU, a busy
// one answers within `first`.
#include <algorithm>
#include <chrono>
#include <thread>

namespace cgt::common {

class Backoff {
  public:
    explicit Backoff(std::chrono::microseconds longest,
                     std::chrono::microseconds first = std::chrono::microseconds(10))
        : m_first(std::min(first, longest)), m_sleep(m_first), m_longest(longest) {}
    void sleep() {
        std::this_thread::sleep_for(m_sleep);
        m_sleep = std::min(m_sleep * 2, m_longest);
    }
    void reset() { m_sleep = m_first; }

  private:
    std::chrono::microseconds m_first, m_sleep, m_longest;
};

} // namespace cgt::common
