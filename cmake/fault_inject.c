// libcgt_fault_inject.so: fault injection for tests, loaded with LD_PRELOAD. It counts the
// calls of the classes asked for, on the files asked for, and makes the Nth of them fail
// (as a full disk, an I/O error or no memory would) or kills the process there, so that a
// test can step N over every call a small run makes and check each outcome. Counting is
// per process (per MPI rank) and deterministic as long as the counted calls are: hence
// the path filter (the journal's and the result file's calls, not MPI's sockets) and the
// window (nothing counts before the marker path is first touched).
//
// Environment (all optional; without CGT_FAULT_AT nothing fails and the calls are counted):
//   CGT_FAULT_CALLS   classes to count, comma-separated (default write,fsync,rename):
//                       write    write writev pwrite pwrite64 pwritev pwritev2
//                       fsync    fsync fdatasync
//                       rename   rename renameat renameat2
//                       close    close (the descriptor is closed all the same)
//                       truncate ftruncate ftruncate64
//                       unlink   unlink unlinkat rmdir
//                       open     open open64 openat openat64 creat creat64
//                       malloc   malloc calloc realloc (C++ new included)
//   CGT_FAULT_PATHS   ':'-separated substrings: a file call counts only if its path (for a
//                     descriptor, /proc/self/fd/N) contains one; default: regular files
//   CGT_FAULT_AFTER   a substring: nothing counts until a write (of the write class) to a
//                     file whose path contains it (say OUT.partial: only the final write
//                     counts; a mere check that opens or removes the file does not start it)
//   CGT_FAULT_AT      N >= 1: the Nth counted call faults (0 or unset: none)
//   CGT_FAULT_ACTION  fail (default): the call fails with CGT_FAULT_ERRNO and does nothing;
//                     kill: SIGKILL instead of the call; kill-after: the call, then SIGKILL;
//                     term: SIGTERM to the process, then the call (a stop at a fixed point)
//   CGT_FAULT_ERRNO   ENOSPC (default), EIO, ENOMEM, EDQUOT, EFBIG, EINTR, or a number
//   CGT_FAULT_STICKY  1: every counted call after the Nth fails too (a disk that stays full)
//   CGT_FAULT_RANK    only in this MPI rank (OMPI_COMM_WORLD_RANK, PMIX_RANK or PMI_RANK;
//                     a process with none is rank 0)
//   CGT_FAULT_REPORT  a file: each process appends one line when it faults and one when it
//                     exits normally: "fault-inject rank R pid P counted K at N CLASS PATH"
//                     (a counting run, CGT_FAULT_AT unset, gives the N to sweep over)
#define _GNU_SOURCE
#undef _FORTIFY_SOURCE // the calls below are the real symbols, not fortified wrappers
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

void* __libc_malloc(size_t size);
void* __libc_calloc(size_t count, size_t size);
void* __libc_realloc(void* p, size_t size);

enum { C_WRITE, C_FSYNC, C_RENAME, C_CLOSE, C_TRUNCATE, C_UNLINK, C_OPEN, C_MALLOC, C_COUNT };
static const char* const CLASS_NAMES[C_COUNT] = {"write",    "fsync",  "rename", "close",
                                                 "truncate", "unlink", "open",   "malloc"};

enum { A_FAIL, A_KILL, A_KILL_AFTER, A_TERM };

static struct {
    atomic_int state; // 0 not read, 1 being read, 2 ready
    int enabled;      // this process takes part (rank matches)
    unsigned classes; // bit per class
    char paths[4096]; // ':'-separated, "" for regular files
    char after[1024]; // "" for no window
    unsigned long at;
    int action, err, sticky;
    char report[1024];
    int rank;
} cfg;

static atomic_ulong counted;
static atomic_int window_open;
static atomic_int faulted;
static __thread int in_shim; // a call made by the shim itself is never counted

// ---- The real functions -----------------------------------------------------------------
#define REAL(ret, name, args)                                                                      \
    static ret(*real_##name) args;                                                              \
    static ret(*get_##name(void)) args {                                                        \
        if (!real_##name) real_##name = (ret(*) args)dlsym(RTLD_NEXT, #name);                   \
        return real_##name;                                                                     \
    }
REAL(ssize_t, write, (int, const void*, size_t))
REAL(ssize_t, writev, (int, const struct iovec*, int))
REAL(ssize_t, pwrite, (int, const void*, size_t, off_t))
REAL(ssize_t, pwrite64, (int, const void*, size_t, off_t))
REAL(ssize_t, pwritev, (int, const struct iovec*, int, off_t))
REAL(ssize_t, pwritev2, (int, const struct iovec*, int, off_t, int))
REAL(int, fsync, (int))
REAL(int, fdatasync, (int))
REAL(int, rename, (const char*, const char*))
REAL(int, renameat, (int, const char*, int, const char*))
REAL(int, renameat2, (int, const char*, int, const char*, unsigned))
REAL(int, close, (int))
REAL(int, ftruncate, (int, off_t))
REAL(int, ftruncate64, (int, off_t))
REAL(int, unlink, (const char*))
REAL(int, unlinkat, (int, const char*, int))
REAL(int, rmdir, (const char*))
REAL(int, open, (const char*, int, ...))
REAL(int, open64, (const char*, int, ...))
REAL(int, openat, (int, const char*, int, ...))
REAL(int, openat64, (int, const char*, int, ...))
REAL(int, creat, (const char*, mode_t))
REAL(int, creat64, (const char*, mode_t))

// ---- Configuration ------------------------------------------------------------------------
static void copy_env(char* out, size_t size, const char* name) {
    const char* v = getenv(name);
    out[0] = '\0';
    if (v) {
        strncpy(out, v, size - 1);
        out[size - 1] = '\0';
    }
}

static int parse_errno(const char* v) {
    static const struct {
        const char* name;
        int value;
    } NAMES[] = {{"ENOSPC", ENOSPC}, {"EIO", EIO},     {"ENOMEM", ENOMEM},
                 {"EDQUOT", EDQUOT}, {"EFBIG", EFBIG}, {"EINTR", EINTR}};
    if (!v || !*v) return ENOSPC;
    for (size_t i = 0; i < sizeof NAMES / sizeof NAMES[0]; ++i)
        if (strcmp(v, NAMES[i].name) == 0) return NAMES[i].value;
    const int n = atoi(v);
    return n > 0 ? n : ENOSPC;
}

static int env_rank(void) {
    static const char* const VARS[] = {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"};
    for (size_t i = 0; i < 3; ++i)
        if (getenv(VARS[i])) return atoi(getenv(VARS[i]));
    return 0;
}

static void configure(void) {
    int expected = 0;
    if (!atomic_compare_exchange_strong(&cfg.state, &expected, 1)) {
        while (atomic_load(&cfg.state) != 2) {
        }
        return;
    }
    in_shim++;
    char classes[256];
    copy_env(classes, sizeof classes, "CGT_FAULT_CALLS");
    if (!classes[0]) strcpy(classes, "write,fsync,rename");
    for (int c = 0; c < C_COUNT; ++c) {
        const size_t n = strlen(CLASS_NAMES[c]);
        for (const char* p = classes; (p = strstr(p, CLASS_NAMES[c])) != NULL; p += n)
            if ((p == classes || p[-1] == ',') && (p[n] == ',' || p[n] == '\0')) cfg.classes |= 1U << c;
    }
    copy_env(cfg.paths, sizeof cfg.paths, "CGT_FAULT_PATHS");
    copy_env(cfg.after, sizeof cfg.after, "CGT_FAULT_AFTER");
    const char* at = getenv("CGT_FAULT_AT");
    cfg.at = at ? strtoul(at, NULL, 10) : 0;
    const char* action = getenv("CGT_FAULT_ACTION");
    cfg.action = !action || strcmp(action, "fail") == 0 ? A_FAIL
                 : strcmp(action, "kill") == 0          ? A_KILL
                 : strcmp(action, "kill-after") == 0    ? A_KILL_AFTER
                 : strcmp(action, "term") == 0          ? A_TERM
                                                        : A_FAIL;
    cfg.err = parse_errno(getenv("CGT_FAULT_ERRNO"));
    cfg.sticky = getenv("CGT_FAULT_STICKY") && strcmp(getenv("CGT_FAULT_STICKY"), "1") == 0;
    copy_env(cfg.report, sizeof cfg.report, "CGT_FAULT_REPORT");
    cfg.rank = env_rank();
    const char* only = getenv("CGT_FAULT_RANK");
    cfg.enabled = !only || !*only || atoi(only) == cfg.rank;
    atomic_store(&window_open, cfg.after[0] == '\0');
    in_shim--;
    atomic_store(&cfg.state, 2);
}

static void report(unsigned long n, int cls, const char* path) {
    if (!cfg.report[0]) return;
    in_shim++;
    const int fd = get_open()(cfg.report, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd >= 0) {
        char line[PATH_MAX + 256];
        const int len = snprintf(line, sizeof line, "fault-inject rank %d pid %d counted %lu at %lu %s %s\n",
                                 cfg.rank, (int)getpid(), atomic_load(&counted), n,
                                 cls < 0 ? "-" : CLASS_NAMES[cls], path && *path ? path : "-");
        if (len > 0) (void)get_write()(fd, line, (size_t)len < sizeof line ? (size_t)len : sizeof line - 1);
        get_close()(fd);
    }
    in_shim--;
}

__attribute__((destructor)) static void report_at_exit(void) {
    if (atomic_load(&cfg.state) == 2 && cfg.enabled && !atomic_load(&faulted)) report(0, -1, NULL);
}

// ---- Deciding ------------------------------------------------------------------------------
static int path_matches(const char* path) {
    if (!cfg.paths[0]) return 1;
    const char* p = cfg.paths;
    while (*p) {
        const char* end = strchr(p, ':');
        const size_t n = end ? (size_t)(end - p) : strlen(p);
        if (n > 0) {
            char needle[1024];
            const size_t m = n < sizeof needle - 1 ? n : sizeof needle - 1;
            memcpy(needle, p, m);
            needle[m] = '\0';
            if (strstr(path, needle)) return 1;
        }
        if (!end) break;
        p = end + 1;
    }
    return 0;
}

static void fd_path(int fd, char* out, size_t size) {
    char link[64];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    const ssize_t n = readlink(link, out, size - 1);
    out[n > 0 ? (size_t)n : 0] = '\0';
}

// What to do with a call: 0 go on, else the action. `path` may be NULL (a descriptor:
// resolved here) or a second path (rename's target).
enum { GO = 0, FAIL_NOW, KILL_NOW, KILL_AFTER, TERM_NOW };
static int decide(int cls, int fd, const char* path, const char* path2) {
    if (in_shim) return GO;
    if (atomic_load(&cfg.state) != 2) configure();
    if (!cfg.enabled) return GO;
    const int counted_class = (cfg.classes >> cls) & 1U;
    const int window = atomic_load(&window_open);
    if (!counted_class && (window || cls != C_WRITE)) return GO;
    in_shim++;
    char buffer[PATH_MAX];
    const char* p = path;
    int regular = 1;
    if (cls != C_MALLOC && !p) {
        fd_path(fd, buffer, sizeof buffer);
        p = buffer;
        struct stat st;
        regular = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    }
    if (cls == C_WRITE && !window && cfg.after[0] && strstr(p, cfg.after)) atomic_store(&window_open, 1);
    int result = GO;
    if (counted_class && atomic_load(&window_open)) {
        const int wanted = cls == C_MALLOC ||
                           (cfg.paths[0] ? path_matches(p) || (path2 && path_matches(path2)) : regular);
        if (wanted) {
            const unsigned long n = atomic_fetch_add(&counted, 1) + 1;
            if (cfg.at != 0 && (n == cfg.at || (cfg.sticky && n > cfg.at))) {
                if (!atomic_exchange(&faulted, 1)) report(n, cls, cls == C_MALLOC ? NULL : p);
                result = cfg.action == A_KILL         ? KILL_NOW
                         : cfg.action == A_KILL_AFTER ? KILL_AFTER
                         : cfg.action == A_TERM       ? TERM_NOW
                                                      : FAIL_NOW;
                if (n > cfg.at && result != FAIL_NOW) result = GO; // a kill or a stop happens once
            }
        }
    }
    in_shim--;
    if (result == KILL_NOW) raise(SIGKILL);
    if (result == TERM_NOW) {
        kill(getpid(), SIGTERM);
        result = GO;
    }
    return result;
}

// The call `expr`, or the fault: `fail` is what the call returns on failure.
#define FAULTABLE(cls, fd, path, path2, fail, expr)                                                \
    do {                                                                                         \
        const int what = decide(cls, fd, path, path2);                                           \
        if (what == FAIL_NOW) {                                                                  \
            errno = cfg.err;                                                                     \
            return fail;                                                                         \
        }                                                                                        \
        __typeof__(expr) result = (expr);                                                        \
        if (what == KILL_AFTER) raise(SIGKILL);                                                  \
        return result;                                                                           \
    } while (0)

// ---- The calls ----------------------------------------------------------------------------
ssize_t write(int fd, const void* b, size_t n) { FAULTABLE(C_WRITE, fd, NULL, NULL, -1, get_write()(fd, b, n)); }
ssize_t writev(int fd, const struct iovec* v, int n) {
    FAULTABLE(C_WRITE, fd, NULL, NULL, -1, get_writev()(fd, v, n));
}
ssize_t pwrite(int fd, const void* b, size_t n, off_t o) {
    FAULTABLE(C_WRITE, fd, NULL, NULL, -1, get_pwrite()(fd, b, n, o));
}
ssize_t pwrite64(int fd, const void* b, size_t n, off_t o) {
    FAULTABLE(C_WRITE, fd, NULL, NULL, -1, get_pwrite64()(fd, b, n, o));
}
ssize_t pwritev(int fd, const struct iovec* v, int n, off_t o) {
    FAULTABLE(C_WRITE, fd, NULL, NULL, -1, get_pwritev()(fd, v, n, o));
}
ssize_t pwritev2(int fd, const struct iovec* v, int n, off_t o, int flags) {
    FAULTABLE(C_WRITE, fd, NULL, NULL, -1, get_pwritev2()(fd, v, n, o, flags));
}
int fsync(int fd) { FAULTABLE(C_FSYNC, fd, NULL, NULL, -1, get_fsync()(fd)); }
int fdatasync(int fd) { FAULTABLE(C_FSYNC, fd, NULL, NULL, -1, get_fdatasync()(fd)); }
int rename(const char* a, const char* b) { FAULTABLE(C_RENAME, -1, a, b, -1, get_rename()(a, b)); }
int renameat(int da, const char* a, int db, const char* b) {
    FAULTABLE(C_RENAME, -1, a, b, -1, get_renameat()(da, a, db, b));
}
int renameat2(int da, const char* a, int db, const char* b, unsigned flags) {
    FAULTABLE(C_RENAME, -1, a, b, -1, get_renameat2()(da, a, db, b, flags));
}
int close(int fd) {
    const int what = decide(C_CLOSE, fd, NULL, NULL);
    const int rc = get_close()(fd); // the descriptor goes whatever close() says (Linux)
    if (what == KILL_AFTER) raise(SIGKILL);
    if (what == FAIL_NOW) {
        errno = cfg.err;
        return -1;
    }
    return rc;
}
int ftruncate(int fd, off_t n) { FAULTABLE(C_TRUNCATE, fd, NULL, NULL, -1, get_ftruncate()(fd, n)); }
int ftruncate64(int fd, off_t n) { FAULTABLE(C_TRUNCATE, fd, NULL, NULL, -1, get_ftruncate64()(fd, n)); }
int unlink(const char* p) { FAULTABLE(C_UNLINK, -1, p, NULL, -1, get_unlink()(p)); }
int unlinkat(int d, const char* p, int flags) { FAULTABLE(C_UNLINK, -1, p, NULL, -1, get_unlinkat()(d, p, flags)); }
int rmdir(const char* p) { FAULTABLE(C_UNLINK, -1, p, NULL, -1, get_rmdir()(p)); }

#define OPEN_MODE(flags, mode)                                                                     \
    mode_t mode = 0;                                                                             \
    if ((flags) & (O_CREAT | O_TMPFILE)) {                                                       \
        va_list ap;                                                                              \
        va_start(ap, flags);                                                                     \
        mode = (mode_t)va_arg(ap, int);                                                          \
        va_end(ap);                                                                              \
    }
int open(const char* p, int flags, ...) {
    OPEN_MODE(flags, mode)
    FAULTABLE(C_OPEN, -1, p, NULL, -1, get_open()(p, flags, mode));
}
int open64(const char* p, int flags, ...) {
    OPEN_MODE(flags, mode)
    FAULTABLE(C_OPEN, -1, p, NULL, -1, get_open64()(p, flags, mode));
}
int openat(int d, const char* p, int flags, ...) {
    OPEN_MODE(flags, mode)
    FAULTABLE(C_OPEN, -1, p, NULL, -1, get_openat()(d, p, flags, mode));
}
int openat64(int d, const char* p, int flags, ...) {
    OPEN_MODE(flags, mode)
    FAULTABLE(C_OPEN, -1, p, NULL, -1, get_openat64()(d, p, flags, mode));
}
int creat(const char* p, mode_t mode) { FAULTABLE(C_OPEN, -1, p, NULL, -1, get_creat()(p, mode)); }
int creat64(const char* p, mode_t mode) { FAULTABLE(C_OPEN, -1, p, NULL, -1, get_creat64()(p, mode)); }

// Allocations: only when asked for (a bit test, then the libc allocator).
static int count_malloc(void) {
    if (in_shim) return 0;
    if (atomic_load(&cfg.state) != 2) {
        if (atomic_load(&cfg.state) == 1) return 0; // configure() itself allocating
        configure();
    }
    return (cfg.classes >> C_MALLOC) & 1U;
}
void* malloc(size_t n) {
    if (count_malloc()) FAULTABLE(C_MALLOC, -1, NULL, NULL, NULL, __libc_malloc(n));
    return __libc_malloc(n);
}
void* calloc(size_t c, size_t n) {
    if (count_malloc()) FAULTABLE(C_MALLOC, -1, NULL, NULL, NULL, __libc_calloc(c, n));
    return __libc_calloc(c, n);
}
void* realloc(void* p, size_t n) {
    if (count_malloc()) FAULTABLE(C_MALLOC, -1, NULL, NULL, NULL, __libc_realloc(p, n));
    return __libc_realloc(p, n);
}
