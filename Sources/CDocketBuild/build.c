#include "docket_build.h"

#ifndef DOCKET_GIT_COMMIT
#define DOCKET_GIT_COMMIT "unknown"
#endif

const char *docket_git_commit(void) { return DOCKET_GIT_COMMIT; }
