import DocketTesting
import Foundation
import Testing

/// The files in deploy/ as an operator uses them.
@Suite("Deployment files")
struct DeployTests {
    static let systemdAnalyze = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: systemdAnalyze != nil))
    func systemdUnitsVerify() throws {
        let dir = TestEnvironment.packageRoot.appendingPathComponent("deploy/systemd")
        let units = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".service") }
        #expect(units.count >= 2)
        let scratch = try Scratch()
        defer { scratch.remove() }
        var paths: [String] = []
        for unit in units {
            // verify also checks that ExecStart exists; docket itself is not installed on a test machine.
            let text = try String(contentsOf: dir.appendingPathComponent(unit), encoding: .utf8)
                .replacingOccurrences(of: "ExecStart=/usr/local/bin/docket", with: "ExecStart=/bin/true")
            let path = scratch.path(unit)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let result = try run(Self.systemdAnalyze!, ["verify"] + paths, check: false)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains(scratch.url.path), "\(result.stderr)")
    }
}
