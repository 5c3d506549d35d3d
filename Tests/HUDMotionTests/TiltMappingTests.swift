@testable import HUDMotion
import HUDCore
import Testing

@Suite struct TiltMappingTests {
    let g = 9.80665
    // 30° tilts: sin 30° = 0.5.
    var rightEdgeDown: GravityVector { GravityVector(x: -0.5 * g, y: 0, z: 0.866 * g) }
    var bottomEdgeDown: GravityVector { GravityVector(x: 0, y: 0.5 * g, z: 0.866 * g) }

    @Test func flatIsLevel() {
        #expect(TiltMapping().tilt(for: GravityVector(x: 0, y: 0, z: g)) == .level)
    }

    @Test func lowerRightEdgeMovesBezelRight() {
        let t = TiltMapping().tilt(for: rightEdgeDown)
        #expect(abs(t.x - 0.5) < 1e-3 && t.y == 0)
    }

    @Test func lowerBottomEdgeMovesBezelDown() {
        let t = TiltMapping().tilt(for: bottomEdgeDown)
        #expect(t.x == 0 && abs(t.y - 0.5) < 1e-3)
    }

    @Test func rotationTurnsTheTiltWithTheImage() {
        // Image turned 90° clockwise: its top is at the panel's right edge, so
        // lowering that edge moves the bezel up in the image (still downhill).
        let r90 = TiltMapping(rotation: .clockwise90).tilt(for: rightEdgeDown)
        #expect(abs(r90.x) < 1e-9 && abs(r90.y + 0.5) < 1e-3)
        let r180 = TiltMapping(rotation: .upsideDown).tilt(for: rightEdgeDown)
        #expect(abs(r180.x + 0.5) < 1e-3 && abs(r180.y) < 1e-9)
        let r270 = TiltMapping(rotation: .counterClockwise90).tilt(for: rightEdgeDown)
        #expect(abs(r270.x) < 1e-9 && abs(r270.y - 0.5) < 1e-3)
        // Turned 90°, the panel's bottom edge is the image's right edge.
        let b90 = TiltMapping(rotation: .clockwise90).tilt(for: bottomEdgeDown)
        #expect(abs(b90.x - 0.5) < 1e-3 && abs(b90.y) < 1e-9)
        let b270 = TiltMapping(rotation: .counterClockwise90).tilt(for: bottomEdgeDown)
        #expect(abs(b270.x + 0.5) < 1e-3 && abs(b270.y) < 1e-9)
    }

    @Test func displayFrameKeepsGravityLength() {
        for r in ScreenRotation.allCases {
            let d = TiltMapping(rotation: r).displayFrame(GravityVector(x: 1, y: 2, z: 3))
            #expect(abs(d.magnitude - GravityVector(x: 1, y: 2, z: 3).magnitude) < 1e-12)
        }
    }

    @Test func fullTiltAngleScalesAndClamps() {
        let t = TiltMapping(fullTiltDegrees: 30).tilt(for: rightEdgeDown)
        #expect(abs(t.x - 1) < 1e-3)
        let steep = TiltMapping(fullTiltDegrees: 30).tilt(for: GravityVector(x: -g, y: 0, z: 0))
        #expect(steep.x == 1)
    }

    @Test func validationRejectsAbsurdReadings() {
        #expect(throws: MotionError.self) { try GravityVector(x: .nan, y: 0, z: 9.8).validated() }
        #expect(throws: MotionError.self) { try GravityVector(x: 0, y: 0, z: 60).validated() }
        #expect(throws: MotionError.self) { try GravityVector(x: 0, y: 0, z: 0).validated() }
        #expect(throws: Never.self) { try GravityVector(x: 3, y: -2, z: 9).validated() }
    }

    @Test func pixelOffsetIsTiltTimesAmplitudeTimesScaleRounded() {
        let t = HUDTilt(x: 0.5, y: -0.26)
        #expect(ParallaxPixelOffset(tilt: t, amplitude: 10, scale: 1) == ParallaxPixelOffset(x: 5, y: -3))
        #expect(ParallaxPixelOffset(tilt: t, amplitude: 10, scale: 2) == ParallaxPixelOffset(x: 10, y: -5))
        #expect(ParallaxPixelOffset(tilt: t, amplitude: .infinity, scale: 2) == .zero)
        #expect(ParallaxPixelOffset(tilt: t, amplitude: 1e300, scale: 1e300).x == 50_000)
        #expect(ParallaxPixelOffset.points(tilt: t, amplitude: 10) == HUDPoint(x: 5, y: -2.6))
    }
}
