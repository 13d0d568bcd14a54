# /usr/bin/python3 compare.py REF.h5 NEW.h5: the tables of a cgt-grundy file NEW equal those of REF on
# the rows they share (stats and frequencies of every 2^k <= N + 1, sparse heaps and records
# <= N, the stored values of both); status 0 if all are equal.
import sys, h5py, numpy as np
ref, new = h5py.File(sys.argv[1], 'r'), h5py.File(sys.argv[2], 'r')
n = int(new.attrs['max_heap'])
def rows(f, t, key, lim):
    m = f[t][key][:] <= lim
    return {c: f[t][c][:][m] for c in f[t]}
ok = True
for t, key, lim in [('stats', 'heaps', n + 1), ('frequencies', 'heaps', n + 1),
                    ('sparse', 'heap', n), ('records', 'heap', n)]:
    a, b = rows(ref, t, key, lim), rows(new, t, key, lim)
    same = a.keys() == b.keys() and all(np.array_equal(a[c], b[c]) for c in a)
    print(t, len(b[key]), 'rows', 'equal' if same else 'DIFFER')
    ok &= same
g = min(len(ref['grundy/value']), len(new['grundy/value']))
same = np.array_equal(ref['grundy/value'][:g], new['grundy/value'][:g])
print('grundy', g, 'values', 'equal' if same else 'DIFFER')
ok &= same
sys.exit(0 if ok else 1)
