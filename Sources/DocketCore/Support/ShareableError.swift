import DocketSupport
import Foundation

/// The text of an error as it may leave this machine: stored with a failed note (which syncs to Supabase) and shown
/// to `docket serve`'s clients. It is the error's message without its cause (file-system errors, ffmpeg's log),
/// with every URL cut to its scheme, host and port (no credentials, path or query), and every absolute path
/// replaced by `…`. The whole error belongs in the log.
public enum ShareableError {
    /// The shareable text of `error`; `knownPaths` (the spool, the data directory) are taken out first, whole, so a
    /// path with spaces in it goes too.
    public static func text(of error: any Error, knownPaths: [String] = []) -> String {
        guard let error = error as? any DocketError else { return "The note could not be processed; the log has the details." }
        return text(error.message, knownPaths: knownPaths)
    }

    /// `message` with its URLs and absolute paths taken out, as ``text(of:knownPaths:)`` does.
    public static func text(_ message: String, knownPaths: [String] = []) -> String {
        var text = message
        let roots = (knownPaths + [FileManager.default.temporaryDirectory.path, NSHomeDirectory()])
            .filter { $0.count > 1 }.sorted { $0.count > $1.count }
        for root in roots {
            // The root and the rest of the path below it ("/srv/My Spool/work/1f2e").
            guard let below = try? Regex(NSRegularExpression.escapedPattern(for: root) + #"(?:/[^\s()'"`<>,;:\]]*[^\s()'"`<>,;:\].])?"#)
            else { continue }
            text = text.replacing(below, with: "…")
        }
        // A URL runs to the next space; punctuation after it is the sentence's. One that can't be read goes whole.
        text = text.replacing(#/[A-Za-z][A-Za-z0-9+.-]*:\/\/\S+/#) { match in
            var url = Substring(match.output)
            var tail = ""
            while let last = url.last, ".,;:)'\"".contains(last) {
                tail = String(last) + tail
                url = url.dropLast()
            }
            return (URL(string: String(url)).map(DocketServices.redacted) ?? "(a URL)") + tail
        }
        // A quoted path goes whole, spaces and all; then bare absolute paths ("/…", "~/…"), but not "1/2" or
        // "and/or", and not the sentence's full stop.
        text = text.replacing(#/(['"`“])~?\/[^'"`”\n]*(['"`”])/#) { match in "\(match.output.1)…\(match.output.2)" }
        return text.replacing(#/(^|[\s(:=\[])~?\/(?!\/)[^\s()'"`<>,;:\]]*[^\s()'"`<>,;:\].]/#) { match in "\(match.output.1)…" }
    }
}
