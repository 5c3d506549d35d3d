import HUDInput
import Testing

@Suite struct InputGeometryTests {
    @Test func relativeMotionAccumulatesAndStaysOnTheScreen() {
        var p = PointerPosition(screen: ScreenSize(width: 640, height: 400))
        #expect(p.point == ScreenPoint(x: 320, y: 200))
        p.move(dx: 10, dy: -5)
        p.move(dx: 2.5, dy: 1)
        #expect(p.point == ScreenPoint(x: 332.5, y: 196))
        p.move(dx: 10_000, dy: -10_000)
        #expect(p.point == ScreenPoint(x: 639, y: 0))
        p.move(dx: -20_000, dy: 20_000)
        #expect(p.point == ScreenPoint(x: 0, y: 399))
    }

    @Test func absolutePositionsAreClampedToTheScreen() {
        var p = PointerPosition(screen: ScreenSize(width: 100, height: 50))
        p.set(ScreenPoint(x: 100, y: 50))
        #expect(p.point == ScreenPoint(x: 99, y: 49))
        p.set(ScreenPoint(x: -3, y: 20.5))
        #expect(p.point == ScreenPoint(x: 0, y: 20.5))
    }

    @Test func pointsPrintAsThePixelTheyAreIn() {
        #expect(ScreenPoint(x: 639.9, y: 0.2).description == "639 0")
        #expect(ScreenSize(width: 0, height: -4) == ScreenSize(width: 1, height: 1))
    }

    @Test func buttonsByLinuxCode() {
        #expect(PointerButton(code: 0x110) == .left)
        #expect(PointerButton(code: 0x111) == .right)
        #expect(PointerButton(code: 0x112) == .middle)
        #expect(PointerButton(code: 0x113).description == "button-275")
    }
}
