import Testing

/// `hud follow`'s command line: its help, and mistakes refused as usage
/// (exit 2) with what was wrong, before anything is connected. The real tools
/// are board/updates/run.sh's.
@Suite struct FollowCommandTests {
    @Test func helpAndUsageErrors() throws {
        let dir = try TemporaryDirectory()
        let help = try runHud(["follow", "--help"], in: dir)
        #expect(help.status == 0)
        #expect(help.out.contains("usage: hud follow"))
        let unknown = try runHud(["follow", "mender"], in: dir)
        #expect(unknown.status == 2)
        #expect(unknown.err.contains("unknown tool 'mender'"))
        #expect(try runHud(["follow"], in: dir).status == 2)
        let wrongOption = try runHud(["follow", "swupdate", "--bus", "unix:path=/x"], in: dir)
        #expect(wrongOption.status == 2)
        #expect(wrongOption.err.contains("--bus is for rauc"))
        #expect(try runHud(["follow", "rauc", "--progress-socket", "/x"], in: dir).status == 2)
        let mode = try runHud(["follow", "swupdate", "--mode", "spinner"], in: dir)
        #expect(mode.status == 2)
        #expect(mode.err.contains("--mode 'spinner'"))
        #expect(try runHud(["follow", "swupdate", "--keep", "-1"], in: dir).status == 2)
    }
}
