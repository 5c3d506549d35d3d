import HUDCore
import HUDRender
import KioskHUD

// kioskhud.h: the HUD layer, the HUDs alone on a premultiplied buffer the app composites (GPU apps).

/// `KH_FORMAT_ARGB8888`, `KH_FORMAT_ABGR8888` (DRM fourcc codes) as the layer's byte orders.
private let layerFormats: [UInt32: LayerByteOrder] = [0x3432_5241: .argb8888, 0x3432_4241: .rgba]

@_cdecl("kh_layer_new")
public func kh_layer_new(_ handle: OpaquePointer?, _ width: Int32, _ height: Int32, _ format: UInt32, _ scale: Double,
                         _ rotation: Int32, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    capiCall("kh_layer_new", stack: handle) { stack throws(CAPIError) in
        guard let out else { throw CAPIError(.invalidArgument, "out is NULL") }
        out.pointee = nil
        guard stack.screen == nil else { throw CAPIError(.unsupported, "the stack is on a kh_screen, which draws it") }
        guard stack.layer == nil else { throw CAPIError(.unsupported, "the stack has a kh_layer already (free it first)") }
        guard stack.plane == nil else { throw CAPIError(.unsupported, "the stack has a kh_plane, which draws it (free it first)") }
        guard let byteOrder = layerFormats[format] else {
            throw CAPIError(.unsupportedFormat,
                            "format 0x\(String(format, radix: 16)) is neither KH_FORMAT_ARGB8888 nor KH_FORMAT_ABGR8888")
        }
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw CAPIError(.badBuffer, "a \(width)×\(height) layer (each side 1…16384)")
        }
        guard rotation % 90 == 0, let turn = ScreenRotation(degrees: Int(rotation)) else {
            throw CAPIError(.invalidArgument, "rotation \(rotation) is not 0, 90, 180 or 270")
        }
        let geometry: ScreenGeometry
        do {
            geometry = try ScreenGeometry(pixelWidth: Int(width), pixelHeight: Int(height), scale: scale, rotation: turn)
        } catch {
            throw CAPIError(.invalidArgument, "\(error)")
        }
        let buffer: HUDLayerBuffer
        do {
            buffer = try HUDLayerBuffer(geometry: geometry, byteOrder: byteOrder, style: stack.style)
        } catch {
            throw CAPIError(.badBuffer, "\(error)")
        }
        let layer = HandleRegistry.register(EmbeddedLayer(owner: stack, buffer: buffer, format: format), as: .layer)
        stack.layer = layer
        stack.frameRequest.request()
        out.pointee = layer
    }
}

@_cdecl("kh_layer_free")
public func kh_layer_free(_ handle: OpaquePointer?) -> Int32 {
    guard let handle else { return KHStatus.ok.rawValue }
    return capiCall("kh_layer_free") { () throws(CAPIError) in
        let layer = try HandleRegistry.object(handle, .layer, as: EmbeddedLayer.self)
        try layer.owner.checkThread("kh_layer_free")
        layer.owner.layer = nil
        HandleRegistry.unregister(handle, as: EmbeddedLayer.self)
    }
}

@_cdecl("kh_layer_draw")
public func kh_layer_draw(_ handle: OpaquePointer?, _ frame: UnsafeMutableRawPointer?) -> Int32 {
    capiCall("kh_layer_draw") { () throws(CAPIError) in
        let layer = try HandleRegistry.object(handle, .layer, as: EmbeddedLayer.self)
        try layer.owner.checkThread("kh_layer_draw")
        guard let frame else { throw CAPIError(.invalidArgument, "frame is NULL") }
        let drawn = try layer.owner.draw(layer: layer.buffer)
        write(drawn, of: layer, nextFrame: layer.owner.nextFrameMilliseconds(), to: frame)
    }
}

/// Fills a `kh_layer_frame` (LayerFrameLayout's offsets).
private func write(_ drawn: LayerFrame, of layer: EmbeddedLayer, nextFrame: Int32, to frame: UnsafeMutableRawPointer) {
    typealias L = LayerFrameLayout
    let buffer = layer.buffer
    func store(_ value: Int32, at offset: Int) { frame.storeBytes(of: value, toByteOffset: offset, as: Int32.self) }
    func store(_ r: PixelRect, at offset: Int) {
        store(Int32(r.x), at: offset)
        store(Int32(r.y), at: offset + 4)
        store(Int32(r.width), at: offset + 8)
        store(Int32(r.height), at: offset + 12)
    }
    store(Int32(buffer.width), at: L.width)
    store(Int32(buffer.height), at: L.height)
    store(Int32(buffer.stride), at: L.stride)
    frame.storeBytes(of: layer.format, toByteOffset: L.format, as: UInt32.self)
    store(drawn.extent ?? PixelRect(x: 0, y: 0, width: 0, height: 0), at: L.extent)
    // A DamageRegion holds at most 8 rectangles (DamageRegion.limit == KH_DRAW_MAX_RECTS).
    let rects = drawn.changed.prefix(L.maxRects)
    frame.storeBytes(of: UInt32(rects.count), toByteOffset: L.rectCount, as: UInt32.self)
    for (i, r) in rects.enumerated() { store(r, at: L.rects + i * L.rectSize) }
    // The topmost bezels, when more HUDs than that are up.
    let bezels = drawn.bezels.suffix(L.maxBezels)
    frame.storeBytes(of: UInt32(bezels.count), toByteOffset: L.bezelCount, as: UInt32.self)
    for (i, b) in bezels.enumerated() {
        let at = L.bezels + i * L.bezelSize
        store(b.rect, at: at)
        frame.storeBytes(of: Float(b.cornerRadius), toByteOffset: at + 16, as: Float.self)
        frame.storeBytes(of: Float(b.opacity), toByteOffset: at + 20, as: Float.self)
    }
    store(nextFrame, at: L.nextFrameMilliseconds)
    frame.storeBytes(of: UInt32(truncatingIfNeeded: buffer.frameCount), toByteOffset: L.frameNumber, as: UInt32.self)
    frame.storeBytes(of: buffer.baseAddress, toByteOffset: L.pixels, as: UnsafeRawPointer.self)
}
