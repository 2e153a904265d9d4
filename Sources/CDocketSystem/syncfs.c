#define _GNU_SOURCE
#include <unistd.h>
#include "CDocketSystem.h"

int docket_syncfs(int fd) {
    return syncfs(fd);
}
