// octal-by-definition CODE N0 P: an independent check of one claimed period, sharing no code
// with the project. It computes G(0), G(1), ... of the octal game CODE (d0.d1d2..., d0 = 0
// or 4) straight from the definition, G(n) = mex of every option, and reports whether
// G(n) = G(n + P) for N0 <= n < 2 N0 + P + t (Guy and Smith's bound, t the largest removal)
// while G(N0 - 1) != G(N0 - 1 + P), i.e. whether P from N0 is proven and N0 is least.
// Exit status 0: proven; 1: not; 2: bad arguments.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

int main(int argc, char* argv[]) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: octal-by-definition CODE N0 P\n");
        return 2;
    }
    const std::string code = argv[1];
    const long n0 = std::atol(argv[2]), p = std::atol(argv[3]);
    const auto point = code.find('.');
    if (point == std::string::npos || n0 < 1 || p < 1) {
        std::fprintf(stderr, "usage: octal-by-definition CODE N0 P\n");
        return 2;
    }
    std::vector<int> digit{point == 0 ? 0 : code[0] - '0'};
    for (char c : code.substr(point + 1)) digit.push_back(c - '0');
    const long t = static_cast<long>(digit.size()) - 1, end = 2 * n0 + p + t, last = end + p;
    std::vector<int> g(static_cast<std::size_t>(last), 0);
    std::vector<long> seen_at(1, -1); // seen_at[v] == n: v is an option of heap n
    const auto option = [&](long n, int v) {
        if (static_cast<std::size_t>(v) >= seen_at.size()) seen_at.resize(2 * static_cast<std::size_t>(v) + 2, -1);
        seen_at[static_cast<std::size_t>(v)] = n;
    };
    for (long n = 1; n < last; ++n) {
        for (long k = 0; k <= t && k <= n; ++k) {
            if ((digit[k] & 1) && k == n && k > 0) option(n, 0);                  // take the whole heap
            if ((digit[k] & 2) && k < n && k > 0) option(n, g[n - k]);            // leave one heap
            if (digit[k] & 4)
                for (long a = 1; 2 * a <= n - k; ++a) option(n, g[a] ^ g[n - k - a]); // leave two
        }
        int mex = 0;
        while (static_cast<std::size_t>(mex) < seen_at.size() && seen_at[static_cast<std::size_t>(mex)] == n) ++mex;
        g[n] = mex;
    }
    bool periodic = true;
    for (long n = n0; n < end; ++n) periodic = periodic && g[n] == g[n + p];
    const bool least = g[n0 - 1] != g[n0 - 1 + p];
    std::printf("%s: G(n) = G(n + %ld) for %ld <= n < %ld: %s; G(%ld) %s G(%ld)\n", code.c_str(), p, n0, end,
                periodic ? "yes" : "no", n0 - 1, least ? "!=" : "==", n0 - 1 + p);
    return periodic && least ? 0 : 1;
}
