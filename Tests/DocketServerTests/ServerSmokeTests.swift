import DocketServer
import Testing

@Suite struct ServerSmokeTests {
    @Test func moduleLoads() {
        _ = DocketServer.self
    }
}
