// The libFuzzer entry point for docket's task extractor (scripts/fuzz.sh builds it; it is not a target of the
// package). Every input is read as UTF-8 (invalid bytes replaced) and extracted with --explain's readings: a
// crash or a hang is a finding. Spoken notes reach the extractor from every front door, so one note
// that crashes it would stop `docket listen`, and `docket serve` each time it retried the note.
import DocketExtraction
import Foundation

/// A fixed reference time and zone, so a finding replays the same way.
let context = ExtractionContext(
    referenceDate: Date(timeIntervalSince1970: 1_795_010_400), timeZone: TimeZone(identifier: "America/New_York")!,
    projects: ["Launch", "Home"], labels: ["errands", "work"])

let extractor = TaskExtractor()

@_cdecl("LLVMFuzzerTestOneInput")
public func extractorFuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    _ = extractor.extract(from: text, context: context, explain: true)
    return 0
}
