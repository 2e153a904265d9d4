#ifndef DOCKET_BUILD_H
#define DOCKET_BUILD_H

/// The git commit docket was built from: scripts/install.sh builds with
/// -Xcc -DDOCKET_GIT_COMMIT='"<commit>"'; other builds say "unknown".
const char *docket_git_commit(void);

#endif
