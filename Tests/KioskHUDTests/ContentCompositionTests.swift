import HUDFrames
import KioskHUD
import Testing

/// The app's picture under the HUD, composed on the CPU into one buffer or
/// shown on its own plane under the HUD's (`MemoryScanout(contentPlane:)`,
/// blended as a display controller blends premultiplied ARGB8888).
@Suite struct ContentCompositionTests {
    static let width = 400, height = 300

    /// A 50-pixel checkerboard of two colours far apart, so a blur shows.
    static func checker(x: Int, y: Int) -> UInt32 { (x / 50 + y / 50) % 2 == 0 ? 0x204080 : 0xE0E0D0 }

    /// One output: a manual clock, a stack, a memory scanout (one plane or
    /// two) and the painter and frame loop a `HUDScreen` head has.
    final class Output: @unchecked Sendable {
        let loop: EventLoop
        let stack: HUDStack
        let picture: ContentPicture
        let scanout: MemoryScanout
        let painter: RendererPainter
        let frames: FrameLoop

        init(twoPlanes: Bool, rotation: ScreenRotation = .none) async throws {
            loop = try EventLoop(clock: ManualClock())
            stack = HUDStack(loop: loop)
            let upright = rotation.swapsAxes ? (ContentCompositionTests.height, ContentCompositionTests.width)
                                             : (ContentCompositionTests.width, ContentCompositionTests.height)
            picture = try ContentPicture(width: upright.0, height: upright.1)
            picture.draw { canvas in
                for y in 0..<canvas.height { for x in 0..<canvas.width { canvas.set(x: x, y: y, rgb: ContentCompositionTests.checker(x: x, y: y)) } }
                return [canvas.bounds]
            }
            scanout = MemoryScanout(width: ContentCompositionTests.width, height: ContentCompositionTests.height, count: 2,
                                    contentPlane: twoPlanes)
            painter = try RendererPainter(scanout: scanout, loop: loop, rotation: rotation, content: picture)
            let stack = self.stack, painter = self.painter
            frames = FrameLoop(scanout: scanout, painter: painter, loop: loop) { t in stack.assumeIsolated { $0.snapshot(at: t) } }
            let frames = self.frames
            await onLoop {
                stack.assumeIsolated { $0.setInvalidationHandler { frames.invalidate() } }
                do { try frames.start() } catch { Issue.record("start: \(error)") }
            }
        }

        deinit { loop.shutdown() }

        func onLoop<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
            await withCheckedContinuation { done in loop.execute { done.resume(returning: body()) } }
        }

        /// Lets every frame due in the next `ms` milliseconds happen.
        func settle(ms: Int64 = 100) async { await loop.advance(by: .milliseconds(ms)) }

        /// The app draws `rect` in `rgb` (on the loop, as `HUDScreen.updateContent` does) and a frame is asked for.
        func appFills(_ rect: PixelRect, rgb: UInt32) async {
            await onLoop { [self] in
                picture.draw { canvas in
                    canvas.fill(rect, rgb: rgb)
                    return [rect]
                }
                frames.invalidate()
            }
        }

        var screen: [UInt32] {
            get async {
                await onLoop { [self] in
                    (0..<ContentCompositionTests.height).flatMap { y in (0..<ContentCompositionTests.width).map { x in scanout.composedPixel(x: x, y: y) } }
                }
            }
        }

        /// The topmost HUD's bezel in the last frame.
        var bezel: PixelRect { get async { await onLoop { [self] in painter.lastLayoutRects?.bezel ?? .empty } } }

        func showRing(progress: Double = 0.5, style: HUDBezelStyle = .blur, background: HUDBezelStyle = .solidColor) async -> HUD {
            var c = HUDConfiguration()
            c.backgroundStyle = background
            c.mode = .annularDeterminate
            c.progress = progress
            c.bezelStyle = style
            let hud = await stack.showHUD(c, animated: false)
            await settle()
            return hud
        }
    }

    static func close(_ a: UInt32, _ b: UInt32, within t: Int = 2) -> Bool {
        [16, 8, 0].allSatisfy { s in abs(Int((a >> s) & 0xFF) - Int((b >> s) & 0xFF)) <= t }
    }


    @Test(arguments: [HUDBezelStyle.blur, .solidColor])
    func theOverlayPlaneShowsWhatTheCPUComposes(style: HUDBezelStyle) async throws {
        let cpu = try await Output(twoPlanes: false)
        let planes = try await Output(twoPlanes: true)
        _ = await cpu.showRing(style: style)
        _ = await planes.showRing(style: style)
        let a = await cpu.screen, b = await planes.screen
        let bezelProbe = await cpu.bezel
        let planesBezel = await planes.bezel
        #expect(bezelProbe.width > 40 && bezelProbe == planesBezel)
        let differing = zip(a, b).filter { !Self.close($0, $1) }.count
        #expect(differing == 0, "\(differing) pixels differ between the CPU's composition and the planes'")
        // Around the bezel the app's pixels are untouched; inside it they are not.
        var untouched = 0, changedInside = 0, outside = 0
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let app = Self.checker(x: x, y: y), shown = a[y * Self.width + x]
                if bezelProbe.insetBy(-40).contains(PixelRect(x: x, y: y, width: 1, height: 1)) {
                    if bezelProbe.contains(PixelRect(x: x, y: y, width: 1, height: 1)), shown != app { changedInside += 1 }
                } else {
                    outside += 1
                    if shown == app { untouched += 1 }
                }
            }
        }
        #expect(untouched == outside)
        #expect(changedInside > bezelProbe.area / 2)
    }

    @Test func theBezelBlursTheAppsPixelsUnderIt() async throws {
        let out = try await Output(twoPlanes: true)
        _ = await out.showRing(style: .blur)
        let s = await out.screen
        let bezelProbe = await out.bezel
        // A strip inside the bezel's top edge, above the ring: no hard tile edge survives the blur.
        let y = bezelProbe.y + 2
        // Inside the rounded corners.
        let row = ((bezelProbe.x + 8)..<(bezelProbe.maxX - 8)).map { s[y * Self.width + $0] }
        let steps = zip(row, row.dropFirst()).map { a, b in abs(Int((a >> 8) & 0xFF) - Int((b >> 8) & 0xFF)) }
        #expect(steps.max() ?? 255 < 20, "largest step between neighbours \(steps.max() ?? -1)")
        let greens = row.map { Int(($0 >> 8) & 0xFF) }
        #expect((greens.max() ?? 0) - (greens.min() ?? 0) > 10, "the blur of a checkerboard is not flat")
    }

    @Test func eachPlaneIsCommittedOnlyWhenItChanged() async throws {
        let out = try await Output(twoPlanes: true)
        let hud = await out.showRing()
        // The app changes far from the bezel: its plane alone, its rectangle alone.
        let corner = PixelRect(x: 4, y: 4, width: 10, height: 10)
        let bezel = await out.bezel
        #expect(!bezel.insetBy(-100).intersects(corner))
        // Both buffers of the picture's plane catch up first (double buffering).
        for rgb: UInt32 in [0x00FF00, 0x0000FF] {
            await out.appFills(corner, rgb: rgb)
            await out.settle()
        }
        var before = await out.onLoop { out.scanout.presentations }
        await out.appFills(corner, rgb: 0xFF8000)
        await out.settle()
        #expect(await out.onLoop { out.scanout.presentations } == before + 1)
        #expect(await out.onLoop { out.scanout.lastChangedContentPlane && !out.scanout.lastChangedHUDPlane })
        #expect(await out.onLoop { out.scanout.lastContentDamage } == corner)
        #expect(await out.screen[5 * Self.width + 5] == 0xFF8000)
        // The HUD changes alone: its plane alone.
        before = await out.onLoop { out.scanout.presentations }
        await hud.update { $0.progress = 0.8 }
        await out.settle()
        #expect(await out.onLoop { out.scanout.presentations } == before + 1)
        #expect(await out.onLoop { !out.scanout.lastChangedContentPlane && out.scanout.lastChangedHUDPlane })
        // Both at once: one presentation with both planes.
        before = await out.onLoop { out.scanout.presentations }
        _ = await out.onLoop {
            out.picture.draw { canvas in
                canvas.fill(corner, rgb: 0x00FF00)
                return [corner]
            }
        }
        await hud.update { $0.progress = 0.9 }
        await out.settle()
        #expect(await out.onLoop { out.scanout.presentations } == before + 1)
        #expect(await out.onLoop { out.scanout.lastChangedContentPlane && out.scanout.lastChangedHUDPlane })
        let stats = await out.onLoop { out.frames.statistics }
        #expect(stats.hudPlaneUpdates >= 2 && stats.contentPlaneUpdates >= 2)
    }

    @Test func aChangeUnderTheBlurredBezelRecomputesItsBlur() async throws {
        for twoPlanes in [false, true] {
            let out = try await Output(twoPlanes: twoPlanes)
            _ = await out.showRing()
            let bezelProbe = await out.bezel
            let probe = (bezelProbe.y + 2) * Self.width + bezelProbe.x + 30
            let before = await out.screen[probe]
            // The app paints the area under the bezel orange: the bezel's blur turns orange too.
            await out.appFills(bezelProbe.insetBy(-10), rgb: 0xFF8000)
            await out.settle()
            let after = await out.screen[probe]
            #expect(after != before)
            #expect((after >> 16) & 0xFF > (before >> 16) & 0xFF + 15, "red \((before >> 16) & 0xFF) → \((after >> 16) & 0xFF)")
            if twoPlanes { #expect(await out.onLoop { out.scanout.lastChangedHUDPlane && out.scanout.lastChangedContentPlane }) }
        }
    }

    @Test func aSpinnerOverAStaticPictureRepaintsOnlyItsBox() async throws {
        let out = try await Output(twoPlanes: false)
        var c = HUDConfiguration()
        c.mode = .indeterminate
        let hud = await out.stack.showHUD(c, animated: false)
        await out.settle(ms: 300)
        let damage = await out.onLoop { out.scanout.lastDamage }
        #expect(damage.width <= 40 && damage.height <= 40, "spinner frame repainted \(damage)")
        // An app change beside a static HUD: its rectangle alone.
        await hud.update { $0.mode = .success }
        await out.settle(ms: 300)
        let corner = PixelRect(x: 2, y: 260, width: 20, height: 20)
        // Both buffers catch up first (double buffering); then one change is its rectangle alone.
        for rgb: UInt32 in [0x00FF00, 0x0000FF, 0xFF0000] {
            await out.appFills(corner, rgb: rgb)
            await out.settle(ms: 20)
        }
        #expect(await out.onLoop { out.scanout.lastDamage } == corner)
    }

    @Test(arguments: [false, true])
    func thePictureTurnsWithTheHUD(twoPlanes: Bool) async throws {
        let out = try await Output(twoPlanes: twoPlanes, rotation: .clockwise90)
        await out.settle()
        let s = await out.screen
        // Upright (cx, cy) lands at device (W-1-cy, cx) for a quarter turn clockwise.
        for (cx, cy) in [(0, 0), (299, 0), (0, 399), (60, 130), (250, 20)] {
            let shown = s[cx * Self.width + (Self.width - 1 - cy)]
            #expect(shown == Self.checker(x: cx, y: cy), "upright (\(cx), \(cy))")
        }
    }

    /// MBProgressHUD's blurred background view: the whole picture behind the bezel, blurred.
    @Test(arguments: [false, true])
    func aBlurredBackgroundBlursTheWholePicture(twoPlanes: Bool) async throws {
        let out = try await Output(twoPlanes: twoPlanes)
        _ = await out.showRing(background: .blur)
        let s = await out.screen
        // A row far from the bezel crosses tile edges: none stays hard, and the tiles still show.
        let row = (0..<Self.width).map { s[20 * Self.width + $0] }
        let steps = zip(row, row.dropFirst()).map { a, b in abs(Int((a >> 8) & 0xFF) - Int((b >> 8) & 0xFF)) }
        #expect(steps.max() ?? 255 < 20, "largest step \(steps.max() ?? -1)")
        let greens = row.map { Int(($0 >> 8) & 0xFF) }
        #expect((greens.max() ?? 0) - (greens.min() ?? 0) > 30)
        // A change of the picture anywhere is seen through the blur: the whole screen is repainted.
        await out.appFills(PixelRect(x: 0, y: 0, width: 30, height: 30), rgb: 0xFF8000)
        await out.settle()
        let damage = await out.onLoop { out.scanout.lastDamage }
        #expect(damage == PixelRect(x: 0, y: 0, width: Self.width, height: Self.height))
        let after = await out.screen[40 * Self.width + 40]
        #expect((after >> 16) & 0xFF > (s[40 * Self.width + 40] >> 16) & 0xFF, "the orange corner bleeds into the blur")
    }
}
