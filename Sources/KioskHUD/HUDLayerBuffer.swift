#if canImport(Glibc)
import Glibc
#endif
import HUDCore
import HUDRender

/// The HUDs alone — dimming, tinted bezel, indicator, labels, button — on a
/// transparent, premultiplied buffer this object owns, for an app that
/// composites them itself (a GPU app uploads it as a texture and blends it
/// with `GL_ONE, GL_ONE_MINUS_SRC_ALPHA`; libkioskhud's `kh_layer_*`).
///
/// The layer cannot see the app's pixels, so a blurred bezel or background
/// is drawn as its tint alone (`CompositionTarget.layer`); a compositor that
/// can blur (kioskhud-gl) blurs under `LayerFrame.bezels` itself.
///
/// The buffer is drawn in place: its address and size never change, and
/// each `draw` rewrites only `LayerFrame.changed`. Use it from one thread
/// (the stack's loop: `draw(_:)` over a `HUDStack` is isolated to it), hence
/// `@unchecked Sendable`.
public final class HUDLayerBuffer: @unchecked Sendable {
    /// The buffer's size in device pixels, scale and rotation.
    public let geometry: ScreenGeometry
    public let byteOrder: LayerByteOrder
    private let renderer: HUDRenderer
    /// What the renderer draws into: ARGB32 in the machine's order.
    private let drawn: OwnedPixelBuffer
    /// With `.rgba`, the changed rectangles of `drawn` with red and blue swapped.
    private let swapped: OwnedPixelBuffer?
    /// Draws so far.
    public private(set) var frameCount = 0

    /// A transparent layer of `geometry`'s size.
    /// - Throws: `RenderError.badBuffer` for a size it cannot allocate.
    public init(geometry: ScreenGeometry, byteOrder: LayerByteOrder = .argb8888,
                style: HUDRenderStyle = HUDRenderStyle()) throws(RenderError) {
        self.geometry = geometry
        self.byteOrder = byteOrder
        renderer = HUDRenderer(geometry: geometry, style: style, target: .layer)
        drawn = try OwnedPixelBuffer(width: geometry.pixelWidth, height: geometry.pixelHeight, format: .argb8888)
        swapped = byteOrder == .rgba
            ? try OwnedPixelBuffer(width: geometry.pixelWidth, height: geometry.pixelHeight, format: .argb8888) : nil
    }

    /// The buffer the app reads: `byteOrder` pixels, `stride` bytes a row, top row first.
    private var output: PixelBuffer { (swapped ?? drawn).buffer }
    public var width: Int { geometry.pixelWidth }
    public var height: Int { geometry.pixelHeight }
    /// Bytes from one row to the next (`width` × 4).
    public var stride: Int { output.stride }

    /// New renderer settings (a theme): the next draw redraws everything.
    public func setStyle(_ style: HUDRenderStyle) { renderer.setStyle(style) }

    /// Draws `snapshot`'s HUDs, rewriting only what changed since the last draw.
    /// - Throws: `RenderError` when Cairo cannot be loaded or drawing fails.
    public func draw(_ snapshot: HUDSnapshot) throws(RenderError) -> LayerFrame {
        let update = renderer.update(to: snapshot)
        let changed = update.damage.rects.map { $0.intersection(geometry.bounds) }.filter { !$0.isEmpty }
        if !changed.isEmpty {
            if !HUDRenderer.isGraphicsLibraryLoaded, let missing = HUDRenderer.tryLoadGraphicsLibraries() {
                throw .badBuffer("cannot draw the HUD layer: \(missing)")
            }
            try renderer.draw(into: drawn.buffer, region: DamageRegion(changed))
            if let swapped {
                for rect in changed { Self.swapRedAndBlue(rect, from: drawn.buffer, to: swapped.buffer) }
            }
        }
        frameCount += 1
        let covered = renderer.coveredRegion()
        return LayerFrame(extent: covered.isEmpty ? nil : covered.bounds, changed: changed,
                          bezels: renderer.bezelShapes(), buttonFrames: renderer.buttonFrames(),
                          problems: update.problems.map { "\($0)" }, nextChange: snapshot.nextChange)
    }

    /// Takes `stack`'s picture now, draws it and hands the drawn buttons to
    /// the stack (so `pointerDown`/`pointerUp` find them). Runs on the stack's loop.
    public func draw(_ stack: isolated HUDStack) throws(RenderError) -> LayerFrame {
        let frame = try draw(stack.snapshot())
        stack.setButtonFrames(frame.buttonFrames)
        return frame
    }

    /// The pixel at (x, y) as stored (`byteOrder`, read as a 32-bit word);
    /// outside the buffer is a programming error (precondition).
    public func pixel(x: Int, y: Int) -> UInt32 { output.pixel(x: x, y: y) }

    /// Lends `body` the whole buffer, `stride` × `height` bytes, valid during the call only.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        let buffer = output
        return try body(UnsafeRawBufferPointer(start: buffer.base, count: buffer.stride * buffer.height))
    }

    /// The address of the buffer for libkioskhud's `kh_layer_frame` (same for the layer's life).
    package var baseAddress: UnsafeRawPointer { UnsafeRawPointer(output.base) }

    /// The buffer as drawn, for libkioskhud's `kh_plane` to copy onto its plane's buffers.
    package var pixels: PixelBuffer { output }

    /// A pixel of the buffer as a point on the HUDs' upright picture (pointer positions).
    public func hudPoint(x: Double, y: Double) -> HUDPoint { geometry.hudPoint(deviceX: x, deviceY: y) }

    /// Copies `rect` of `source` into `target`, bytes B,G,R,A → R,G,B,A (little-endian words).
    private static func swapRedAndBlue(_ rect: PixelRect, from source: PixelBuffer, to target: PixelBuffer) {
        for y in rect.y..<rect.maxY {
            let from = (source.base + y * source.stride).assumingMemoryBound(to: UInt32.self)
            let to = (target.base + y * target.stride).assumingMemoryBound(to: UInt8.self)
            for x in rect.x..<rect.maxX {
                let p = from[x]
                to[x * 4] = UInt8(truncatingIfNeeded: p >> 16)
                to[x * 4 + 1] = UInt8(truncatingIfNeeded: p >> 8)
                to[x * 4 + 2] = UInt8(truncatingIfNeeded: p)
                to[x * 4 + 3] = UInt8(truncatingIfNeeded: p >> 24)
            }
        }
    }
}
