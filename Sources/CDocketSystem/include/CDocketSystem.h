#ifndef CDOCKETSYSTEM_H
#define CDOCKETSYSTEM_H

/// syncfs(2): writes every dirty page and metadata change of the file system holding `fd` to disk and waits for
/// it (glibc declares it only under _GNU_SOURCE, which Swift's Glibc module does not see).
int docket_syncfs(int fd);

#endif
