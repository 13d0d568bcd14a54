// libcgt_no_flock.so, for tests only (LD_PRELOAD): every flock() fails as it does on a file
// system without locks, with the errno CGT_NO_FLOCK_ERRNO names: ENOLCK (the default),
// EOPNOTSUPP or ENOSYS. Nothing else is changed.
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>

int flock(int fd, int operation) {
    (void)fd;
    (void)operation;
    const char* name = getenv("CGT_NO_FLOCK_ERRNO");
    if (name && strcmp(name, "EOPNOTSUPP") == 0)
        errno = EOPNOTSUPP;
    else if (name && strcmp(name, "ENOSYS") == 0)
        errno = ENOSYS;
    else
        errno = ENOLCK;
    return -1;
}
