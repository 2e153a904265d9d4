#include "docket_build.h"

// scripts/install.sh writes commit.h (#define DOCKET_GIT_COMMIT "<commit>") for the build it installs, then removes
// it: only this file is compiled again for a new commit.
#if __has_include("commit.h")
#include "commit.h"
#endif

#ifndef DOCKET_GIT_COMMIT
#define DOCKET_GIT_COMMIT "unknown"
#endif

const char *docket_git_commit(void) { return DOCKET_GIT_COMMIT; }
