import HUDCore
import HUDRender

// kioskhud.h: stacks, their fd and clock, drawing over the app's frames.

/// `KH_STACK_MANUAL_CLOCK`.
private let manualClockFlag: UInt32 = 0x1
/// `KH_FORMAT_XRGB8888`, `KH_FORMAT_ARGB8888` (DRM fourcc codes).
private let formats: [UInt32: PixelFormat] = [0x3432_5258: .xrgb8888, 0x3432_5241: .argb8888]

@_cdecl("kh_stack_new")
public func kh_stack_new(_ flags: UInt32, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    capiCall("kh_stack_new") { () throws(CAPIError) in
        guard let out else { throw CAPIError(.invalidArgument, "out is NULL") }
        out.pointee = nil
        guard flags & ~manualClockFlag == 0 else {
            throw CAPIError(.invalidArgument, "unknown flags 0x\(String(flags & ~manualClockFlag, radix: 16))")
        }
        let stack: EmbeddedStack
        do {
            stack = try EmbeddedStack(manualClock: flags & manualClockFlag != 0)
        } catch {
            throw CAPIError(.system, "\(error)")
        }
        out.pointee = HandleRegistry.register(stack, as: .stack)
    }
}

@_cdecl("kh_stack_free")
public func kh_stack_free(_ handle: OpaquePointer?) -> Int32 {
    guard let handle else { return KHStatus.ok.rawValue }
    return capiCall("kh_stack_free", stack: handle) { stack in
        if let screen = stack.screen, let open = try? HandleRegistry.object(screen, .screen, as: EmbeddedScreen.self) {
            open.screen.stop(retainPicture: false)
            HandleRegistry.unregister(screen, as: EmbeddedScreen.self)
        }
        for hudHandle in stack.huds {
            if let hud = try? HandleRegistry.object(hudHandle, .hud, as: EmbeddedHUD.self) {
                stack.stack.assumeIsolated { $0.remove(hud.hud) }
            }
            HandleRegistry.unregister(hudHandle, as: EmbeddedHUD.self)
        }
        stack.huds.removeAll()
        if let layer = stack.layer {
            HandleRegistry.unregister(layer, as: EmbeddedLayer.self)
            stack.layer = nil
        }
        if let plane = stack.plane {
            HandleRegistry.unregister(plane, as: EmbeddedPlane.self)
            stack.plane = nil
        }
        stack.stack.assumeIsolated { $0.setInvalidationHandler(nil) }
        HandleRegistry.unregister(handle, as: EmbeddedStack.self)
    }
}

@_cdecl("kh_stack_get_fd")
public func kh_stack_get_fd(_ handle: OpaquePointer?) -> Int32 {
    var fd: Int32 = -1
    _ = capiCall("kh_stack_get_fd", stack: handle) { stack in fd = stack.loop.fileDescriptor }
    return fd
}

@_cdecl("kh_stack_dispatch")
public func kh_stack_dispatch(_ handle: OpaquePointer?) -> Int32 {
    capiCall("kh_stack_dispatch", stack: handle) { stack in stack.loop.dispatch() }
}

@_cdecl("kh_stack_next_frame_ms")
public func kh_stack_next_frame_ms(_ handle: OpaquePointer?, _ ms: UnsafeMutablePointer<Int32>?) -> Int32 {
    capiCall("kh_stack_next_frame_ms", stack: handle) { stack throws(CAPIError) in
        guard let ms else { throw CAPIError(.invalidArgument, "ms is NULL") }
        ms.pointee = stack.nextFrameMilliseconds()
    }
}

@_cdecl("kh_stack_advance_clock")
public func kh_stack_advance_clock(_ handle: OpaquePointer?, _ ms: UInt32) -> Int32 {
    capiCall("kh_stack_advance_clock", stack: handle) { stack throws(CAPIError) in
        guard stack.isManualClock else {
            throw CAPIError(.unsupported, "the stack was not made with KH_STACK_MANUAL_CLOCK")
        }
        stack.loop.advanceOnLoop(by: .milliseconds(Int64(ms)))
    }
}

@_cdecl("kh_stack_set_theme_file")
public func kh_stack_set_theme_file(_ handle: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
    capiCall("kh_stack_set_theme_file", stack: handle) { stack throws(CAPIError) in
        guard let path else { throw CAPIError(.invalidArgument, "path is NULL") }
        let load = HUDTheme.load(file: String(cString: path))
        stack.apply(load.theme)
        for hudHandle in stack.huds {
            guard let hud = try? HandleRegistry.object(hudHandle, .hud, as: EmbeddedHUD.self) else { continue }
            hud.update { load.theme.apply(to: &$0) }
        }
        if !load.problems.isEmpty {
            throw CAPIError(.theme, load.problems.map { "\($0)" }.joined(separator: "; "))
        }
    }
}

@_cdecl("kh_stack_set_tilt")
public func kh_stack_set_tilt(_ handle: OpaquePointer?, _ x: Double, _ y: Double) -> Int32 {
    capiCall("kh_stack_set_tilt", stack: handle) { stack in
        let tilt = HUDTilt(x: x, y: y)
        stack.stack.assumeIsolated { $0.setTilt(tilt) }
    }
}

@_cdecl("kh_stack_pointer")
public func kh_stack_pointer(_ handle: OpaquePointer?, _ event: Int32, _ x: Double, _ y: Double,
                             _ taken: UnsafeMutablePointer<Int32>?) -> Int32 {
    capiCall("kh_stack_pointer", stack: handle) { stack throws(CAPIError) in
        taken?.pointee = 0
        guard (0...3).contains(event) else { throw CAPIError(.invalidArgument, "event \(event) is not a kh_pointer_event") }
        guard x.isFinite, y.isFinite else { throw CAPIError(.invalidArgument, "position (\(x), \(y)) is not finite") }
        guard let point = stack.hudPoint(x: x, y: y) else { return }
        let took = stack.stack.assumeIsolated { hud -> Bool in
            switch event {
            case 0: return hud.pointerDown(at: point)
            case 1: hud.pointerMoved(to: point); return false
            case 2: return hud.pointerUp(at: point)
            default: hud.pointerCancelled(); return false
            }
        }
        taken?.pointee = took ? 1 : 0
    }
}

@_cdecl("kh_stack_draw")
public func kh_stack_draw(_ handle: OpaquePointer?, _ pixels: UnsafeMutableRawPointer?, _ width: Int32, _ height: Int32,
                          _ stride: Int32, _ format: UInt32, _ scale: Double, _ rotation: Int32,
                          _ rects: UnsafeMutablePointer<Int32>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> Int32 {
    capiCall("kh_stack_draw", stack: handle) { stack throws(CAPIError) in
        guard let count else { throw CAPIError(.invalidArgument, "count is NULL") }
        count.pointee = 0
        guard stack.screen == nil else { throw CAPIError(.unsupported, "the stack is on a kh_screen, which draws it") }
        guard let pixels else { throw CAPIError(.invalidArgument, "pixels is NULL") }
        guard rects != nil || capacity == 0 else { throw CAPIError(.invalidArgument, "rects is NULL but capacity is \(capacity)") }
        guard let pixelFormat = formats[format] else {
            throw CAPIError(.unsupportedFormat, "format 0x\(String(format, radix: 16)) is neither KH_FORMAT_XRGB8888 nor KH_FORMAT_ARGB8888")
        }
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw CAPIError(.badBuffer, "a \(width)×\(height) buffer (each side 1…16384)")
        }
        guard Int(stride) >= Int(width) * 4, stride % 4 == 0 else {
            throw CAPIError(.badBuffer, "stride \(stride) is too small for \(width) pixels of 4 bytes (or not a multiple of 4)")
        }
        guard rotation % 90 == 0, let turn = ScreenRotation(degrees: Int(rotation)) else {
            throw CAPIError(.invalidArgument, "rotation \(rotation) is not 0, 90, 180 or 270")
        }
        let buffer = PixelBuffer(base: pixels, width: Int(width), height: Int(height), stride: Int(stride), format: pixelFormat)
        let changed = try stack.draw(into: buffer, scale: scale, rotation: turn)
        count.pointee = changed.count
        guard let rects else { return }
        guard changed.count <= capacity else {
            throw CAPIError(.tooManyRects, "\(changed.count) rectangles changed, room for \(capacity)")
        }
        for (i, r) in changed.enumerated() {
            rects[i * 4] = Int32(r.x)
            rects[i * 4 + 1] = Int32(r.y)
            rects[i * 4 + 2] = Int32(r.width)
            rects[i * 4 + 3] = Int32(r.height)
        }
    }
}
