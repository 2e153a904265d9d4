import DocketAudio

extension [SegmenterAction] {
    /// The segments, in order.
    var segments: [SpeechSegment] {
        compactMap { if case .segment(let segment) = $0 { segment } else { nil } }
    }

    /// The note closings, as (note index, last sample).
    var noteClosings: [(noteIndex: Int, lastSample: Int64)] {
        compactMap { if case .noteClosed(let note, let last) = $0 { (note, last) } else { nil } }
    }

    /// Actions without the level meter.
    var withoutLevels: [SegmenterAction] {
        filter { if case .level = $0 { false } else { true } }
    }

    var noteStarts: [(noteIndex: Int, firstSample: Int64)] {
        compactMap { if case .noteStarted(let note, let first) = $0 { (note, first) } else { nil } }
    }
}

/// Feeds `samples` in chunks of `chunk` and finishes; returns every action.
func segmentAll(_ samples: [Int16], chunk: Int = 4_000, policy: SegmentationPolicy = .init()) -> [SegmenterAction] {
    var machine = SegmenterMachine(policy: policy)
    var actions: [SegmenterAction] = []
    var start = 0
    while start < samples.count {
        let end = Swift.min(samples.count, start + chunk)
        actions += machine.feed(Array(samples[start..<end]))
        start = end
    }
    return actions + machine.finish()
}
