#ifndef DOCKET_BUILD_H
#define DOCKET_BUILD_H

/// The git commit docket was built from, as scripts/install.sh recorded it; "unknown" for other builds.
const char *docket_git_commit(void);

#endif
