import PostgresNIO

/// A text parameter sent without a type (OID 0), so PostgreSQL infers it from its use, exactly as
/// it does for PostgREST's filter literals: `"id" = $1` parses `$1` as the column's type, and a bad
/// literal fails with PostgreSQL's own `22P02` message.
struct UntypedLiteral: PostgresDynamicTypeEncodable {
    /// The literal text.
    var text: String

    var psqlType: PostgresDataType { PostgresDataType(0) }
    var psqlFormat: PostgresFormat { .text }

    func encode<JSONEncoder: PostgresJSONEncoder>(
        into byteBuffer: inout ByteBuffer,
        context: PostgresEncodingContext<JSONEncoder>
    ) {
        byteBuffer.writeString(self.text)
    }
}

/// SQL text under construction with its bind parameters; values are never spliced into the text.
struct SQLText: Sendable {
    /// The statement so far.
    var text: String = ""
    /// The parameters referenced as `$1…$n`.
    var binds = PostgresBindings()

    /// Binds an untyped literal and returns its placeholder.
    mutating func untyped(_ value: String) -> String {
        self.binds.append(UntypedLiteral(text: value))
        return "$\(self.binds.count)"
    }

    /// Binds a `text` value and returns its placeholder.
    mutating func text(_ value: String) -> String {
        self.binds.append(value)
        return "$\(self.binds.count)"
    }

    /// The query to run.
    var query: PostgresQuery {
        PostgresQuery(unsafeSQL: self.text, binds: self.binds)
    }
}
