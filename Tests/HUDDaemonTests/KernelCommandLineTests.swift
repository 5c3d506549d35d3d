import HUDDaemon
import Testing

@Suite struct KernelCommandLineTests {
    @Test func switches() {
        let c = KernelCommandLine(parsing: "BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro quiet kioskhud.theme=factory kioskhud.output=none\n")
        #expect(!c.disabled)
        #expect(c.theme == "factory")
        #expect(c.output == "none")
        #expect(c.unknown.isEmpty)
    }

    @Test func disable() {
        #expect(KernelCommandLine(parsing: "quiet kioskhud.disable").disabled)
        #expect(KernelCommandLine(parsing: "kioskhud.disable=1").disabled)
        #expect(!KernelCommandLine(parsing: "kioskhud.disable=0").disabled)
        #expect(!KernelCommandLine(parsing: "kioskhud.disabled").disabled)
        #expect(KernelCommandLine(parsing: "kioskhud.disabled").unknown == ["kioskhud.disabled"])
        #expect(!KernelCommandLine(parsing: "xkioskhud.disable").disabled)
    }

    @Test func quotedValues() {
        let c = KernelCommandLine(parsing: #"a "kioskhud.theme=my theme" b"#)
        #expect(c.theme == "my theme")
        #expect(KernelCommandLine(parsing: "kioskhud.theme=").theme == nil)
    }

    @Test func unreadableFileGivesNoSwitches() throws {
        #expect(KernelCommandLine.read(path: "/nonexistent/cmdline") == KernelCommandLine())
        let dir = try TemporaryDirectory()
        dir.write("cmdline", "console=ttyS0 kioskhud.disable\n")
        #expect(KernelCommandLine.read(path: dir.file("cmdline")).disabled)
    }
}
