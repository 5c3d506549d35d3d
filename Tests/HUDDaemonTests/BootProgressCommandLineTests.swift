@testable import hud
import HUDDaemon
import Testing

/// The boot-progress options, read by `hud plymouthd` (and `hud daemon`, through the same `BootProgressOptions`).
@Suite struct BootProgressCommandLineTests {
    @Test func plymouthdTakesThem() throws {
        let plain = try #require(try PlymouthdCommand.settings(["--mode=boot"]))
        #expect(!plain.bootStatusLabel && plain.bootProgressShown && plain.stateDirectory == "/var/lib/kioskhud")
        let s = try #require(try PlymouthdCommand.settings(["--boot-status-label", "--no-boot-progress", "--state-dir=/tmp/state"]))
        #expect(s.bootStatusLabel && !s.bootProgressShown && s.stateDirectory == "/tmp/state")
        #expect(try PlymouthdCommand.settings(["--state-dir", "/srv/s"])?.stateDirectory == "/srv/s")
    }

    /// The directory is read again after newroot: a relative one is refused, naming the option.
    @Test func aRelativeStateDirectoryIsRefused() throws {
        for bad in ["state", ""] {
            #expect {
                _ = try BootProgressOptions.stateDirectory(bad, command: "hud daemon")
            } throws: { "\($0)".contains("--state-dir \(bad): expected an absolute directory") }
        }
        #expect(try BootProgressOptions.stateDirectory(nil, command: "hud daemon") == BootProgressStore.defaultDirectory)
    }
}
