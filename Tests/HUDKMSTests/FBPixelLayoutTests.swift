import Testing
@testable import HUDKMS

private typealias C = FBPixelLayout.Channel

@Test func fbdevLayoutsTheRendererDrawsAreRecognised() throws {
    #expect(try FBPixelLayout.from(bitsPerPixel: 32, red: C(offset: 16, length: 8), green: C(offset: 8, length: 8),
                                   blue: C(offset: 0, length: 8), device: "/dev/fb0") == .xrgb8888)
    #expect(try FBPixelLayout.from(bitsPerPixel: 16, red: C(offset: 11, length: 5), green: C(offset: 5, length: 6),
                                   blue: C(offset: 0, length: 5), device: "/dev/fb0") == .rgb565)
    #expect(FBPixelLayout.rgb565.bitsPerPixel == 16)
    #expect(FBPixelLayout.xrgb8888.bitsPerPixel == 32)
}

@Test func otherFbdevLayoutsAreRefusedByName() {
    // BGR order at 32 bpp, RGB555 at 16 bpp and 24 bpp packed are not drawn directly.
    let cases: [(Int, C, C, C)] = [
        (32, C(offset: 0, length: 8), C(offset: 8, length: 8), C(offset: 16, length: 8)),
        (16, C(offset: 10, length: 5), C(offset: 5, length: 5), C(offset: 0, length: 5)),
        (24, C(offset: 16, length: 8), C(offset: 8, length: 8), C(offset: 0, length: 8)),
    ]
    for (bpp, r, g, b) in cases {
        do {
            _ = try FBPixelLayout.from(bitsPerPixel: bpp, red: r, green: g, blue: b, device: "/dev/fb3")
            Issue.record("\(bpp) bpp red@\(r.offset) accepted")
        } catch {
            #expect(error.description.contains("/dev/fb3"))
            #expect(error.description.contains("\(bpp) bpp"))
            #expect(error.call == "ioctl(FBIOGET_VSCREENINFO)")
        }
    }
}
