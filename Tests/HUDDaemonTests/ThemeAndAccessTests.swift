import HUDCore
import HUDDaemon
import Testing

@Suite struct ThemeAndAccessTests {
    @Test func loadsAThemeDirectory() throws {
        let dir = try TemporaryDirectory()
        dir.write("look.json", ##"{ "bezelStyle": "solid", "bezelColor": "#202020cc", "label": { "fontSize": 22 }, "screen": { "color": "#102030", "image": "logo.png" }, "language": "ja" }"##)
        let (theme, warnings) = try DaemonTheme.load(file: dir.file("look.json"))
        #expect(warnings.isEmpty)
        #expect(theme.name == "look")
        #expect(theme.base.bezelStyle == .solidColor)
        #expect(theme.base.label.font.size == 22)
        #expect(theme.backdrop.imagePath == dir.file("logo.png"))
        #expect(theme.style.language == "ja")
    }

    @Test func badKeysAreWarningsBrokenFilesAreErrors() throws {
        let dir = try TemporaryDirectory()
        dir.write("look.json", #"{ "bezelColor": "red", "cornerRadius": 8 }"#)
        let (theme, warnings) = try DaemonTheme.load(file: dir.file("look.json"))
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("bezelColor") == true)
        #expect(theme.base.cornerRadius == 8)
        dir.write("look.json", "{ not json")
        #expect(throws: ThemeError.self) { try DaemonTheme.load(file: dir.file("look.json")) }
        #expect(throws: ThemeError.self) { try DaemonTheme.load(file: dir.file("missing.json")) }
    }

    @Test func accessPolicy() {
        let policy = AccessPolicy(ownUID: 1000, group: nil)
        #expect(policy.refusal(for: PeerCredentials(pid: 1, uid: 0, gid: 0)) == nil)
        #expect(policy.refusal(for: PeerCredentials(pid: 1, uid: 1000, gid: 1000)) == nil)
        let refusal = policy.refusal(for: PeerCredentials(pid: 7, uid: 1001, gid: 1001))
        #expect(refusal?.contains("uid 1001") == true)
        #expect(policy.socketMode == 0o600)
        let withGroup = AccessPolicy(ownUID: 1000, group: 50)
        #expect(withGroup.refusal(for: PeerCredentials(pid: 1, uid: 1001, gid: 50)) == nil)
        #expect(withGroup.refusal(for: PeerCredentials(pid: 1, uid: 1001, gid: 9, groups: [4, 50])) == nil)
        #expect(withGroup.refusal(for: PeerCredentials(pid: 1, uid: 1001, gid: 9, groups: [4])) != nil)
        #expect(withGroup.socketMode == 0o660)
    }

    @Test func outputSpecs() throws {
        #expect(try OutputSpec(parsing: "none") == .none)
        #expect(try OutputSpec(parsing: "kms") == .kms(device: nil))
        #expect(try OutputSpec(parsing: "kms:/dev/dri/card1") == .kms(device: "/dev/dri/card1"))
        #expect(try OutputSpec(parsing: "png:/tmp/x") == .png(directory: "/tmp/x"))
        #expect(try OutputSpec(parsing: "fbdev") == .fbdev(device: nil))
        #expect(try OutputSpec(parsing: "fbdev:/dev/fb1") == .fbdev(device: "/dev/fb1"))
        #expect(OutputSpec.fbdev(device: "/dev/fb1").description == "fbdev:/dev/fb1")
        #expect(throws: DaemonError.self) { try OutputSpec(parsing: "fbdev:") }
        #expect(throws: DaemonError.self) { try OutputSpec(parsing: "png:") }
        #expect(throws: DaemonError.self) { try OutputSpec(parsing: "fb") }
    }
}
