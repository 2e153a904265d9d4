import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Hands memory the process no longer uses back to the system.
///
/// - ``release()``: glibc keeps freed blocks in its per-thread arenas, so a long-running process that allocates in
///   bursts (a note's audio, its HTTP request, its transcript) keeps their high-water mark resident for good unless
///   it is trimmed.
/// - ``releaseIdlePages()``: also unmaps the clean, read-only pages of the program and its libraries (code and
///   constant data) from the process. Startup code (argument parsing, configuration, migrations) and the kernel's
///   fault-around (which maps up to 16 neighbouring pages on every page fault) leave several times more code
///   resident than a quiet listening loop runs. The pages the loop does use come back on their next use.
enum FreedMemory {
    #if canImport(Glibc)
    /// glibc's `malloc_trim`, which Swift's Glibc module does not export (it is declared in `malloc.h`).
    private static let trim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()

    /// `MADV_PAGEOUT` (Linux 5.4): reclaim the range's pages. The kernel skips pages other processes map too, and
    /// anonymous or dirty pages are not touched here (only read-only file mappings are advised).
    private static let pageOut: Int32 = 21
    #endif

    static func release() {
        #if canImport(Glibc)
        _ = trim?(0)
        #endif
    }

    /// ``release()``, then pages out the read-only file-backed mappings (those whose file `include` accepts). For
    /// idle moments: it costs a few milliseconds, and the code needed next is read back in on use. A kernel without
    /// `MADV_PAGEOUT` ignores it.
    static func releaseIdlePages(mappedFrom include: (Substring) -> Bool = { _ in true }) {
        release()
        #if os(Linux)
        // Read to the end: /proc files report a size of 0, and a read by size stops after the first page.
        guard let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() else { return }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            // address perms offset dev inode path
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[5].hasPrefix("/"), fields[1].hasPrefix("r"), !fields[1].contains("w"), include(fields[5]) else { continue }
            let bounds = fields[0].split(separator: "-")
            guard bounds.count == 2, let low = UInt(bounds[0], radix: 16), let high = UInt(bounds[1], radix: 16), high > low,
                let start = UnsafeMutableRawPointer(bitPattern: low)
            else { continue }
            _ = madvise(start, Int(high - low), pageOut)
        }
        #endif
    }
}
