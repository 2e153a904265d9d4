import DocketSupport
public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A program's exit status and what it wrote.
public struct SpawnResult: Sendable {
    /// The exit status; 128 + the signal's number when a signal ended it.
    public var status: Int32
    /// What it wrote to stdout.
    public var stdout: Data
    /// What it wrote to stderr.
    public var stderr: Data
}

/// Runs a program to its end with `posix_spawn(3)`, stdin from /dev/null and its output in temporary files, and
/// returns its status and output. It blocks the calling thread; ``spawnAndWaitDetached(_:_:environment:)`` does not.
///
/// The tests start hundreds of programs while other tests hold many descriptors open; Foundation's `Process.run()`
/// has been seen to crash inside then, so the test helpers spawn directly.
/// - Parameters:
///   - executable: an absolute path, or a name looked up in `PATH`.
///   - environment: the whole environment of the program.
public func spawnAndWait(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> SpawnResult {
    let directory = FileManager.default.temporaryDirectory.path
    let outPath = directory + "/docket-spawn-\(UUID().uuidString).out"
    let errPath = directory + "/docket-spawn-\(UUID().uuidString).err"
    defer {
        unlink(outPath)
        unlink(errPath)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    // Nothing else of this process's: another test's pipe held open by this child would delay that test's EOF.
    // (glibc 2.34's posix_spawn_file_actions_addclosefrom_np, which the Glibc module does not export.)
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
    }
    // Signals as a new program expects them: none blocked, none ignored (the test process may block or ignore some).
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var signals = sigset_t()
    sigemptyset(&signals)
    posix_spawnattr_setsigmask(&attributes, &signals)
    sigfillset(&signals)
    posix_spawnattr_setsigdefault(&attributes, &signals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        for pointer in argv + envp { free(pointer) }
    }
    var pid = pid_t()
    let spawned =
        executable.hasPrefix("/")
        ? posix_spawn(&pid, executable, &actions, &attributes, argv, envp) : posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
    guard spawned == 0 else {
        throw CocoaError(
            .fileNoSuchFile,
            userInfo: [NSFilePathErrorKey: executable, NSLocalizedDescriptionKey: "can't start \(executable): \(String(cString: strerror(spawned)))"])
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
    let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return SpawnResult(
        status: exit, stdout: FileManager.default.contents(atPath: outPath) ?? Data(), stderr: FileManager.default.contents(atPath: errPath) ?? Data())
}

/// ``spawnAndWait(_:_:environment:)`` on a thread of its own, so a cooperative thread is not held while the program runs.
public func spawnAndWaitDetached(_ executable: String, _ arguments: [String], environment: [String: String]) async throws -> SpawnResult {
    try await onOwnThread(named: "docket-spawn") { try spawnAndWait(executable, arguments, environment: environment) }
}
