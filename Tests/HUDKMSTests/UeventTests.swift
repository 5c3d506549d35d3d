import Testing
import HUDSystem
@testable import HUDKMS

private func datagram(_ parts: [String]) -> [UInt8] {
    parts.flatMap { Array($0.utf8) + [0] }
}

@Test func aDRMHotplugUeventIsRecognised() throws {
    let e = try #require(Uevent(datagram(["change@/devices/pci0000:00/0000:00:02.0/drm/card0", "ACTION=change",
                                          "DEVPATH=/devices/pci0000:00/0000:00:02.0/drm/card0", "SUBSYSTEM=drm",
                                          "HOTPLUG=1", "DEVNAME=dri/card0", "SEQNUM=1234"])))
    #expect(e.header.hasPrefix("change@"))
    #expect(e.fields["DEVNAME"] == "dri/card0")
    #expect(e.isDRMHotplug)
}

@Test func otherUeventsAreNotHotplugs() throws {
    let input = try #require(Uevent(datagram(["add@/devices/virtual/input/input3", "ACTION=add", "SUBSYSTEM=input"])))
    #expect(!input.isDRMHotplug)
    let noFlag = try #require(Uevent(datagram(["change@/devices/x/drm/card0", "SUBSYSTEM=drm", "HOTPLUG=0"])))
    #expect(!noFlag.isDRMHotplug)
    // udev's re-broadcasts and garbage are not kernel uevents.
    #expect(Uevent(datagram(["libudev", "SUBSYSTEM=drm", "HOTPLUG=1"])) == nil)
    #expect(Uevent([UInt8]()) == nil)
    #expect(Uevent(datagram(["no header here", "HOTPLUG=1"])) == nil)
}
