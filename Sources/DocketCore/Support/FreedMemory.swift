#if canImport(Glibc)
import Glibc
#endif

/// Hands memory the process has freed back to the system. glibc keeps freed blocks in its per-thread arenas,
/// so a long-running process that allocates in bursts (a note's audio, its HTTP request, its transcript)
/// keeps their high-water mark resident for good unless it is trimmed.
enum FreedMemory {
    #if canImport(Glibc)
    /// glibc's `malloc_trim`, which Swift's Glibc module does not export (it is declared in `malloc.h`).
    private static let trim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()
    #endif

    static func release() {
        #if canImport(Glibc)
        _ = trim?(0)
        #endif
    }
}
