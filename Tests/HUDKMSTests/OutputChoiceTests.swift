import Testing
import CDRM
import HUDCore
@testable import HUDKMS

private func mode(_ w: Int, _ h: Int, _ hz: Int, preferred: Bool = false) -> DisplayMode {
    var m = drmModeModeInfo()
    m.hdisplay = UInt16(w)
    m.vdisplay = UInt16(h)
    m.htotal = UInt16(w + 100)
    m.vtotal = UInt16(h + 20)
    m.clock = UInt32((w + 100) * (h + 20) * hz / 1000)
    m.vrefresh = UInt32(hz)
    m.type = preferred ? UInt32(DRM_MODE_TYPE_PREFERRED) : 0
    return DisplayMode(m)
}

private func connector(_ id: ConnectorID, _ name: String, connected: Bool, modes: [DisplayMode], encoder: EncoderID, current: EncoderID = .none) -> DRMCard.Connector {
    DRMCard.Connector(id: id, name: name, isConnected: connected, modes: modes, encoders: [encoder], currentEncoder: current)
}

private func plane(_ id: PlaneID, crtcs: UInt32, primary: Bool = true, xrgb: Bool = true) -> DRMCard.Plane {
    DRMCard.Plane(id: id, possibleCRTCs: crtcs, formats: xrgb ? [kiosk_DRM_FORMAT_XRGB8888] : [kiosk_DRM_FORMAT_RGB565],
                  type: UInt64(primary ? DRM_PLANE_TYPE_PRIMARY : DRM_PLANE_TYPE_OVERLAY))
}

private let modes = [mode(1024, 768, 60), mode(1280, 800, 75, preferred: true), mode(1280, 800, 60)]

@Test func picksTheConnectedConnectorItsPreferredModeAndAPrimaryPlane() throws {
    let c = try OutputChoice.choose(
        connectors: [connector(1, "HDMI-A-1", connected: false, modes: modes, encoder: 10),
                     connector(2, "Virtual-1", connected: true, modes: modes, encoder: 11)],
        encoders: [10: (0b01, 0), 11: (0b10, 0)], crtcs: [100, 101],
        planes: [plane(30, crtcs: 0b10, primary: false), plane(31, crtcs: 0b10)])
    #expect(c.connector.id == 2)
    #expect(c.crtc == 101 && c.crtcIndex == 1)
    #expect(c.plane == 31)
    #expect(c.mode.description == "1280x800@75")
}

@Test func honoursARequestedModeAndTheCRTCInUse() throws {
    let c = try OutputChoice.choose(
        connectors: [connector(2, "Virtual-1", connected: true, modes: modes, encoder: 11, current: 11)],
        encoders: [11: (0b11, 101)], crtcs: [100, 101], planes: nil,
        mode: try ModeRequest(parsing: "1280x800@60"))
    #expect(c.crtc == 101)
    #expect(c.plane == nil)
    #expect(c.mode.roundedRefresh == 60)
}

@Test func explainsWhatIsMissing() {
    let connected = connector(2, "Virtual-1", connected: true, modes: modes, encoder: 11)
    #expect(throws: OutputChoiceError.noConnector("no connected connector with modes")) {
        try OutputChoice.choose(connectors: [connector(1, "X-1", connected: false, modes: modes, encoder: 10)],
                                encoders: [10: (1, 0)], crtcs: [100], planes: nil)
    }
    do {
        _ = try OutputChoice.choose(connectors: [connected], encoders: [11: (1, 0)], crtcs: [100], planes: nil,
                                    mode: ModeRequest(width: 640, height: 480))
        Issue.record("chose a mode the connector lacks")
    } catch {
        #expect(error.description.contains("640x480") && error.description.contains("1280x800@75"))
    }
    do {
        _ = try OutputChoice.choose(connectors: [connected], encoders: [11: (1, 0)], crtcs: [100],
                                    planes: [plane(31, crtcs: 1, xrgb: false)])
        Issue.record("chose a plane without XRGB8888")
    } catch {
        #expect(error.description.contains("primary plane"))
    }
    do {
        _ = try OutputChoice.choose(connectors: [connected], encoders: [11: (1, 0)], crtcs: [100], planes: nil,
                                    connectorName: "DP-1")
        Issue.record("chose a connector by the wrong name")
    } catch {
        #expect(error.description.contains("DP-1") && error.description.contains("Virtual-1"))
    }
}

@Test func aSecondOutputOnTheCardGetsAFreeCRTC() throws {
    // Two heads that could both use either CRTC: the second skips the one the first took.
    let heads = [connector(1, "Virtual-1", connected: true, modes: modes, encoder: 10, current: 10),
                 connector(2, "Virtual-2", connected: true, modes: modes, encoder: 11)]
    let encoders: [EncoderID: (possibleCRTCs: UInt32, crtc: CRTCID)] = [10: (0b11, 100), 11: (0b11, 0)]
    let planes = [plane(30, crtcs: 0b01), plane(31, crtcs: 0b10)]
    let first = try OutputChoice.choose(connectors: heads, encoders: encoders, crtcs: [100, 101], planes: planes,
                                        connectorName: "Virtual-1")
    #expect(first.crtc == 100 && first.plane == 30)
    let second = try OutputChoice.choose(connectors: heads, encoders: encoders, crtcs: [100, 101], planes: planes,
                                         connectorName: "Virtual-2", excludingCRTCs: [first.crtc])
    #expect(second.crtc == 101 && second.plane == 31)
    // Its own current CRTC taken by someone else is skipped too; with none left it says so.
    #expect(throws: OutputChoiceError.unusable("Virtual-1: no free CRTC can drive it")) {
        try OutputChoice.choose(connectors: heads, encoders: encoders, crtcs: [100, 101], planes: planes,
                                connectorName: "Virtual-1", excludingCRTCs: [100, 101])
    }
}

@Test func panelOrientationTurnsThePictureUpright() {
    #expect(PanelOrientation(propertyValue: nil) == .normal)
    #expect(PanelOrientation(propertyValue: UInt64.max) == .normal)  // "Unknown" (-1)
    #expect(PanelOrientation(propertyValue: 1).pictureRotation == .upsideDown)
    // Left side up: the buffer's left column is the top, where the picture's top must go.
    #expect(PanelOrientation(propertyValue: 2).pictureRotation == .counterClockwise90)
    #expect(PanelOrientation(propertyValue: 3).pictureRotation == .clockwise90)
    #expect(PanelOrientation(propertyValue: 0).pictureRotation == ScreenRotation.none)
}
