import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import docket_dev_backend

/// Reads and writes on `/rest/v1` against docket's schema: statuses, headers, RLS (§1.2–§1.6).
@Suite(.enabled(if: TestDatabase.isAvailable))
struct PostgRESTTests {
    static func task(_ id: String, _ title: String, extra: String = "") -> String {
        #"{"id":"\#(id)","title":"\#(title)","time_zone":"Europe/Berlin"\#(extra)}"#
    }

    @Test func insertStatusesAndHeaders() async throws {
        try await Backend.with { backend in
            let session = try await backend.newSession()
            let minimal = try await backend.send(
                .post, "/rest/v1/tasks", headers: backend.headers(token: session.accessToken), body: Self.task(newID(), "Buy milk"))
            #expect(minimal.status == .created)
            #expect(minimal.body.readableBytes == 0)
            #expect(minimal.headers[.contentType] == nil)
            #expect(minimal.headers[.contentRange] == "*/*")

            let id = newID()
            let represented = try await backend.send(
                .post, "/rest/v1/tasks?select=id,title,user_id,priority",
                headers: backend.headers(token: session.accessToken, prefer: "return=representation, count=exact"),
                body: Self.task(id, "Call mom")
            )
            #expect(represented.status == .created)
            #expect(represented.headers[.contentType] == "application/json; charset=utf-8")
            #expect(represented.headers[.contentRange] == "*/1")
            #expect(represented.headers[.preferenceApplied] == "return=representation, count=exact")
            let row = try #require(represented.jsonArray?.first)
            #expect(row["id"]?.stringValue == id)
            #expect(row["user_id"]?.stringValue == session.userID)  // DEFAULT auth.uid()
            #expect(row["priority"]?.stringValue == "none")
            #expect(row.objectValue?.count == 4)

            // A duplicate plain insert is 409 23505, even with on_conflict but no resolution.
            let duplicate = try await backend.send(
                .post, "/rest/v1/tasks?on_conflict=id", headers: backend.headers(token: session.accessToken), body: Self.task(id, "Again"))
            #expect(duplicate.status == .conflict)
            #expect(duplicate.json?["code"]?.stringValue == "23505")
            // PostgreSQL hides the key in DETAIL on tables with RLS; service_role (BYPASSRLS) sees it.
            #expect(duplicate.json?["details"] == .null)
            let asService = try await backend.send(
                .post, "/rest/v1/tasks", headers: backend.headers(key: backend.serviceKey),
                body: Self.task(id, "Again", extra: #","user_id":"\#(session.userID)""#))
            #expect(asService.status == .conflict)
            #expect(asService.json?["details"]?.stringValue == "Key (id)=(\(id)) already exists.")
        }
    }

    @Test func upsertIs201Then200() async throws {
        try await Backend.with { backend in
            let session = try await backend.newSession()
            let headers = backend.headers(token: session.accessToken, prefer: "resolution=merge-duplicates,missing=default, return=representation")
            let id = newID()
            let first = try await backend.send(
                .post, "/rest/v1/tasks?on_conflict=id&columns=%22id%22,%22title%22,%22time_zone%22,%22priority%22", headers: headers,
                body: "[" + Self.task(id, "Draft", extra: #","priority":"low""#) + "," + Self.task(newID(), "No priority") + "]")
            #expect(first.status == .created)
            #expect(first.headers[.preferenceApplied] == "resolution=merge-duplicates, missing=default, return=representation")
            let rows = try #require(first.jsonArray)
            #expect(rows.count == 2)
            #expect(rows[1]["priority"]?.stringValue == "none")  // missing=default → DEFAULT, not NULL

            let second = try await backend.send(.post, "/rest/v1/tasks?on_conflict=id", headers: headers, body: Self.task(id, "Final"))
            #expect(second.status == .ok)
            #expect(second.jsonArray?.first?["title"]?.stringValue == "Final")
            #expect(second.jsonArray?.first?["priority"]?.stringValue == "low")  // not in the body: untouched

            // Minimal upsert of an existing row: still 200, no body.
            let minimal = try await backend.send(
                .post, "/rest/v1/tasks", headers: backend.headers(token: session.accessToken, prefer: "resolution=merge-duplicates"),
                body: Self.task(id, "Final 2"))
            #expect(minimal.status == .ok)
            #expect(minimal.body.readableBytes == 0)

            // ignore-duplicates: 201 even though nothing was inserted.
            let ignored = try await backend.send(
                .post, "/rest/v1/tasks", headers: backend.headers(token: session.accessToken, prefer: "resolution=ignore-duplicates,return=representation"),
                body: Self.task(id, "Ignored"))
            #expect(ignored.status == .created)
            #expect(ignored.text == "[]")
        }
    }

    @Test func rowLevelSecurityIsolatesUsers() async throws {
        try await Backend.with { backend in
            let alice = try await backend.newSession()
            let bob = try await backend.newSession()
            let id = newID()
            _ = try await backend.send(.post, "/rest/v1/tasks", headers: backend.headers(token: alice.accessToken), body: Self.task(id, "Alice's"))

            let bobReads = try await backend.send(.get, "/rest/v1/tasks?id=eq.\(id)", headers: backend.headers(token: bob.accessToken))
            #expect(bobReads.status == .ok)
            #expect(bobReads.text == "[]")

            // Bob's PATCH/DELETE match nothing: 2xx with zero rows.
            let patch = try await backend.send(
                .patch, "/rest/v1/tasks?id=eq.\(id)", headers: backend.headers(token: bob.accessToken, prefer: "return=representation"),
                body: #"{"title":"Bob was here"}"#)
            #expect(patch.status == .ok)
            #expect(patch.text == "[]")
            #expect(patch.headers[.contentRange] == "*/*")
            let delete = try await backend.send(.delete, "/rest/v1/tasks?id=eq.\(id)", headers: backend.headers(token: bob.accessToken))
            #expect(delete.status == .noContent)

            // Bob upserting Alice's id: the conflicting row fails the UPDATE policy → 403 42501.
            let upsert = try await backend.send(
                .post, "/rest/v1/tasks", headers: backend.headers(token: bob.accessToken, prefer: "resolution=merge-duplicates"),
                body: Self.task(id, "Mine now"))
            #expect(upsert.status == .forbidden)
            #expect(upsert.json?["code"]?.stringValue == "42501")
            // Bob inserting a row owned by Alice: WITH CHECK fails.
            let forged = try await backend.send(
                .post, "/rest/v1/tasks", headers: backend.headers(token: bob.accessToken),
                body: Self.task(newID(), "Forged", extra: #","user_id":"\#(alice.userID)""#))
            #expect(forged.status == .forbidden)
            #expect(forged.json?["message"]?.stringValue == #"new row violates row-level security policy for table "tasks""#)

            let aliceReads = try await backend.send(.get, "/rest/v1/tasks?id=eq.\(id)&select=title", headers: backend.headers(token: alice.accessToken))
            #expect(aliceReads.text == #"[{"title":"Alice's"}]"#)
        }
    }

    @Test func upsertNeedsSelectInsertAndUpdatePolicies() async throws {
        try await Backend.with { backend in
            try await backend.adminSQL(
                "CREATE TABLE public.items (id int PRIMARY KEY, owner uuid NOT NULL DEFAULT auth.uid(), name text)",
                "ALTER TABLE public.items ENABLE ROW LEVEL SECURITY",
                "REVOKE ALL ON public.items FROM anon, authenticated",
                "GRANT SELECT, INSERT, UPDATE ON public.items TO authenticated",
                "CREATE POLICY items_insert ON public.items FOR INSERT TO authenticated WITH CHECK ((select auth.uid()) = owner)"
            )
            let session = try await backend.newSession()
            // Insert policy only: a minimal insert works (RETURNING 1 does not need SELECT) …
            let insert = try await backend.send(.post, "/rest/v1/items", headers: backend.headers(token: session.accessToken), body: #"{"id":1,"name":"a"}"#)
            #expect(insert.status == .created)
            // … return=representation needs the row to be visible …
            let represented = try await backend.send(
                .post, "/rest/v1/items", headers: backend.headers(token: session.accessToken, prefer: "return=representation"), body: #"{"id":2,"name":"b"}"#)
            #expect(represented.status == .forbidden)
            #expect(represented.json?["code"]?.stringValue == "42501")
            // … and an upsert onto an existing row needs SELECT and UPDATE policies.
            let upsert = try await backend.send(
                .post, "/rest/v1/items", headers: backend.headers(token: session.accessToken, prefer: "resolution=merge-duplicates"),
                body: #"{"id":1,"name":"c"}"#)
            #expect(upsert.status == .forbidden)
            try await backend.adminSQL(
                "CREATE POLICY items_select ON public.items FOR SELECT TO authenticated USING ((select auth.uid()) = owner)",
                "CREATE POLICY items_update ON public.items FOR UPDATE TO authenticated USING ((select auth.uid()) = owner)"
            )
            let retried = try await backend.send(
                .post, "/rest/v1/items", headers: backend.headers(token: session.accessToken, prefer: "resolution=merge-duplicates"),
                body: #"{"id":1,"name":"c"}"#)
            #expect(retried.status == .ok)
        }
    }

    @Test func filtersOrderAndSelect() async throws {
        try await Backend.with { backend in
            let session = try await backend.newSession()
            let headers = backend.headers(token: session.accessToken)
            let rows = [
                Self.task(newID(), "alpha", extra: #","priority":"high","position":1,"project":"home""#),
                Self.task(newID(), "beta", extra: #","priority":"low","position":2,"project":"a,b""#),
                Self.task(newID(), "gamma", extra: #","priority":"none","position":3,"completed":true,"project":"home""#),
                Self.task(newID(), "delta", extra: #","priority":"medium","position":4,"project":"work""#),
            ]
            let insert = try await backend.send(
                .post, "/rest/v1/tasks?columns=id,title,time_zone,priority,position,project,completed",
                headers: backend.headers(token: session.accessToken, prefer: "missing=default"), body: "[" + rows.joined(separator: ",") + "]")
            #expect(insert.status == .created)

            func titles(_ query: String) async -> [String] {
                guard let response = try? await backend.send(.get, "/rest/v1/tasks?select=title&order=position.asc&\(query)", headers: headers) else {
                    return ["<request failed>"]
                }
                #expect(response.status == .ok, "\(query): \(response.text)")
                return response.jsonArray?.compactMap { $0["title"]?.stringValue } ?? []
            }
            #expect(await titles("priority=eq.high") == ["alpha"])
            #expect(await titles("priority=neq.high") == ["beta", "gamma", "delta"])
            #expect(await titles("position=gt.2") == ["gamma", "delta"])
            #expect(await titles("position=gte.2&position=lte.3") == ["beta", "gamma"])
            #expect(await titles("position=lt.2") == ["alpha"])
            #expect(await titles("priority=in.(high,medium)") == ["alpha", "delta"])
            #expect(await titles("project=in.(%22a,b%22,work)") == ["beta", "delta"])
            #expect(await titles("due_date=is.null&completed=is.true") == ["gamma"])
            #expect(await titles("completed=not.is.true") == ["alpha", "beta", "delta"])
            #expect(await titles("priority=not.in.(high,low)") == ["gamma", "delta"])
            #expect(await titles("or=(priority.eq.high,position.gte.4)") == ["alpha", "delta"])
            #expect(await titles("or=(priority.eq.low,and(project.eq.home,completed.is.false))") == ["alpha", "beta"])
            #expect(await titles("title=like.*a") == ["alpha", "beta", "gamma", "delta"])
            #expect(await titles("title=ilike.G*") == ["gamma"])

            let ordered = try await backend.send(.get, "/rest/v1/tasks?select=name:title&order=priority.desc,title&limit=2&offset=1", headers: headers)
            #expect(ordered.jsonArray?.compactMap { $0["name"]?.stringValue } == ["delta", "beta"])
            #expect(ordered.headers[.contentRange] == "1-2/*")
        }
    }

    @Test func rangesCountsAndContentRange() async throws {
        try await Backend.with { backend in
            let session = try await backend.newSession()
            let headers = backend.headers(token: session.accessToken)
            let body = "[" + (1...5).map { Self.task(newID(), "t\($0)", extra: #","position":\#($0)"#) }.joined(separator: ",") + "]"
            _ = try await backend.send(.post, "/rest/v1/tasks", headers: headers, body: body)

            var counted = backend.headers(token: session.accessToken, prefer: "count=exact")
            let all = try await backend.send(.get, "/rest/v1/tasks?select=id", headers: counted)
            #expect(all.status == .ok)
            #expect(all.headers[.contentRange] == "0-4/5")

            let page = try await backend.send(.get, "/rest/v1/tasks?select=id&order=position&limit=2&offset=2", headers: counted)
            #expect(page.status == .partialContent)
            #expect(page.headers[.contentRange] == "2-3/5")

            counted[.range] = "0-1"
            let ranged = try await backend.send(.get, "/rest/v1/tasks?select=position&order=position", headers: counted)
            #expect(ranged.status == .partialContent)
            #expect(ranged.headers[.contentRange] == "0-1/5")
            #expect(ranged.jsonArray?.count == 2)

            counted[.range] = nil
            let beyond = try await backend.send(.get, "/rest/v1/tasks?select=id&offset=9", headers: counted)
            #expect(beyond.status == .rangeNotSatisfiable)
            #expect(beyond.json?["code"]?.stringValue == "PGRST103")
            #expect(beyond.json?["details"]?.stringValue == "An offset of 9 was requested, but there are only 5 rows.")

            // Values at the edge of Int: refused, never a crash (anyone with the anon key can send them).
            for query in ["offset=9223372036854775807", "limit=9223372036854775807", "offset=9223372036854775000&limit=5000"] {
                let huge = try await backend.send(.get, "/rest/v1/tasks?select=id&\(query)", headers: headers)
                #expect(huge.status == .rangeNotSatisfiable, "\(query)")
            }
            var hugeRange = headers
            for range in ["9223372036854775807-", "0-9223372036854775807", "items=9223372036854775806-9223372036854775807"] {
                hugeRange[.range] = range
                let huge = try await backend.send(.get, "/rest/v1/tasks?select=id", headers: hugeRange)
                #expect(huge.status == .rangeNotSatisfiable, "\(range)")
            }

            let empty = try await backend.send(.get, "/rest/v1/tasks?select=id&title=eq.none", headers: headers)
            #expect(empty.headers[.contentRange] == "*/*")
            let emptyCounted = try await backend.send(
                .get, "/rest/v1/tasks?select=id&title=eq.none", headers: backend.headers(token: session.accessToken, prefer: "count=exact"))
            #expect(emptyCounted.headers[.contentRange] == "*/0")

            let uncounted = try await backend.send(.get, "/rest/v1/tasks?select=id&limit=2", headers: headers)
            #expect(uncounted.status == .ok)
            #expect(uncounted.headers[.contentRange] == "0-1/*")

            let patch = try await backend.send(.patch, "/rest/v1/tasks?position=lte.3", headers: headers, body: #"{"completed":true}"#)
            #expect(patch.status == .noContent)
            #expect(patch.headers[.contentRange] == "0-2/*")
            // Deleting a task leaves a tombstone first (migration 0002); deleting the tombstone removes the row.
            let tombstone = try await backend.send(
                .delete, "/rest/v1/tasks?position=eq.5", headers: backend.headers(token: session.accessToken, prefer: "return=representation"))
            #expect(tombstone.status == .ok && tombstone.jsonArray?.isEmpty == true)
            let delete = try await backend.send(
                .delete, "/rest/v1/tasks?position=eq.5", headers: backend.headers(token: session.accessToken, prefer: "return=representation"))
            #expect(delete.status == .ok)
            #expect(delete.headers[.contentRange] == "*/*")
            #expect(delete.jsonArray?.first?["position"] == .int(5))
        }
    }

    @Test func maxRowsCapsAGet() async throws {
        try await Backend.with { backend in
            try await backend.adminSQL(
                "CREATE TABLE public.numbers (n int PRIMARY KEY)",
                "INSERT INTO public.numbers SELECT generate_series(1, 1005)"
            )
            let response = try await backend.send(.get, "/rest/v1/numbers?order=n", headers: backend.headers(key: backend.serviceKey, prefer: "count=exact"))
            #expect(response.status == .partialContent)
            #expect(response.headers[.contentRange] == "0-999/1005")
            #expect(response.jsonArray?.count == 1000)
        }
    }

    @Test func bodyAndQueryErrors() async throws {
        try await Backend.with { backend in
            let session = try await backend.newSession()
            let headers = backend.headers(token: session.accessToken)
            let mismatched = try await backend.send(
                .post, "/rest/v1/tasks", headers: headers, body: "[" + Self.task(newID(), "a") + #",{"id":"\#(newID())","title":"b"}]"#)
            #expect(mismatched.status == .badRequest)
            #expect(mismatched.text == #"{"code":"PGRST102","details":null,"hint":null,"message":"All object keys must match"}"#)
            let empty = try await backend.send(.post, "/rest/v1/tasks", headers: headers, body: "")
            #expect(empty.json?["message"]?.stringValue == "Empty or invalid json")
            let invalid = try await backend.send(.post, "/rest/v1/tasks", headers: headers, body: "{nope")
            #expect(invalid.json?["code"]?.stringValue == "PGRST102")
            let unknownColumn = try await backend.send(.post, "/rest/v1/tasks", headers: headers, body: #"{"id":"\#(newID())","nope":1}"#)
            #expect(unknownColumn.status == .badRequest)
            #expect(unknownColumn.json?["code"]?.stringValue == "PGRST204")
            // Every column of tasks but the title has a default (migration 0002).
            let notNull = try await backend.send(.post, "/rest/v1/tasks", headers: headers, body: #"{"id":"\#(newID())","title":null}"#)
            #expect(notNull.status == .badRequest)
            #expect(notNull.json?["code"]?.stringValue == "23502")
            let check = try await backend.send(.post, "/rest/v1/tasks", headers: headers, body: Self.task(newID(), "x", extra: #","priority":"urgent""#))
            #expect(check.json?["code"]?.stringValue == "23514")
            let foreignKey = try await backend.send(
                .post, "/rest/v1/tasks", headers: headers, body: Self.task(newID(), "x", extra: #","note_id":"\#(newID())""#))
            #expect(foreignKey.status == .conflict)
            #expect(foreignKey.json?["code"]?.stringValue == "23503")

            let badLiteral = try await backend.send(.get, "/rest/v1/tasks?position=eq.abc", headers: headers)
            #expect(badLiteral.status == .badRequest)
            #expect(badLiteral.text == #"{"code":"22P02","details":null,"hint":null,"message":"invalid input syntax for type integer: \"abc\""}"#)
            let badColumn = try await backend.send(.get, "/rest/v1/tasks?nope=eq.1", headers: headers)
            #expect(badColumn.status == .badRequest)
            #expect(badColumn.json?["code"]?.stringValue == "42703")
            let badOperator = try await backend.send(.get, "/rest/v1/tasks?title=equals.x", headers: headers)
            #expect(badOperator.status == .badRequest)
            #expect(badOperator.json?["code"]?.stringValue == "PGRST100")
            let badOrder = try await backend.send(.get, "/rest/v1/tasks?order=title.sideways", headers: headers)
            #expect(badOrder.json?["code"]?.stringValue == "PGRST100")
        }
    }

    @Test func singularObjectResponses() async throws {
        try await Backend.with { backend in
            let session = try await backend.newSession()
            let id = newID()
            _ = try await backend.send(.post, "/rest/v1/tasks", headers: backend.headers(token: session.accessToken), body: Self.task(id, "Only one"))
            var headers = backend.headers(token: session.accessToken)
            headers[.accept] = "application/vnd.pgrst.object+json"
            let one = try await backend.send(.get, "/rest/v1/tasks?id=eq.\(id)&select=title", headers: headers)
            #expect(one.status == .ok)
            #expect(one.text == #"{"title":"Only one"}"#)
            #expect(one.headers[.contentType] == "application/vnd.pgrst.object+json; charset=utf-8")

            let none = try await backend.send(.get, "/rest/v1/tasks?id=eq.\(newID())", headers: headers)
            #expect(none.status == .notAcceptable)
            #expect(
                none.text
                    == #"{"code":"PGRST116","details":"The result contains 0 rows","hint":null,"message":"Cannot coerce the result to a single JSON object"}"#)

            // A singular PATCH touching 0 rows is rolled back and refused.
            headers[.prefer] = "return=representation"
            let patch = try await backend.send(.patch, "/rest/v1/tasks", headers: headers, body: #"{"title":"All of them"}"#)
            #expect(patch.status == .ok)  // exactly one row: fine
            #expect(patch.json?["title"]?.stringValue == "All of them")
        }
    }

    @Test func preferParsing() async throws {
        let prefs = Preferences(headerValues: ["return=minimal ,  count=exact", "return=representation,foo=bar", "resolution=merge-duplicates"])
        #expect(prefs.returnPreference == .minimal)  // the first value wins
        #expect(prefs.count == .exact)
        #expect(prefs.resolution == .mergeDuplicates)
        #expect(prefs.invalid == ["foo=bar"])
        #expect(prefs.applied(isWrite: true, isInsert: true) == "resolution=merge-duplicates, return=minimal, count=exact")

        try await Backend.with { backend in
            let strict = try await backend.send(.get, "/rest/v1/tasks", headers: backend.headers(key: backend.serviceKey, prefer: "handling=strict, foo=bar"))
            #expect(strict.status == .badRequest)
            #expect(strict.json?["code"]?.stringValue == "PGRST122")
            let lenient = try await backend.send(.get, "/rest/v1/tasks", headers: backend.headers(key: backend.serviceKey, prefer: "foo=bar"))
            #expect(lenient.status == .ok)
            #expect(lenient.headers[.preferenceApplied] == nil)
        }
    }

    @Test func updatedAtTriggerAndPatch() async throws {
        try await Backend.with { backend in
            let session = try await backend.newSession()
            let id = newID()
            let created = try await backend.send(
                .post, "/rest/v1/tasks", headers: backend.headers(token: session.accessToken, prefer: "return=representation"),
                body: Self.task(id, "Write tests"))
            let before = try #require(created.jsonArray?.first?["updated_at"]?.stringValue)
            let patched = try await backend.send(
                .patch, "/rest/v1/tasks?id=eq.\(id)", headers: backend.headers(token: session.accessToken, prefer: "return=representation"),
                body: #"{"completed":true,"labels":["dev"]}"#)
            #expect(patched.status == .ok)
            let row = try #require(patched.jsonArray?.first)
            #expect(row["completed"] == .bool(true))
            #expect(row["labels"] == .array([.string("dev")]))
            #expect(row["updated_at"]?.stringValue != before)
        }
    }
}
