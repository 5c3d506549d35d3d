#if canImport(Glibc)
import Glibc
#endif
import HUDCore
import KioskHUD
import Synchronization

// kioskhud.h: KioskHUD owns the display (kh_screen_open), as HUDScreen.open.

@_cdecl("kh_screen_open")
public func kh_screen_open(_ stackHandle: OpaquePointer?, _ content: (@convention(c) (UnsafeMutablePointer<UInt32>?, Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Void)?,
                           _ userData: UnsafeMutableRawPointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    capiCall("kh_screen_open", stack: stackHandle) { stack throws(CAPIError) in
        guard let out else { throw CAPIError(.invalidArgument, "out is NULL") }
        out.pointee = nil
        guard stack.screen == nil else { throw CAPIError(.invalidArgument, "the stack is already on a screen") }
        guard stack.layer == nil else { throw CAPIError(.unsupported, "the stack has a kh_layer (free it first)") }
        guard stack.plane == nil else { throw CAPIError(.unsupported, "the stack has a kh_plane (free it first)") }
        var options = HUDScreen.Options()
        options.content = content.map { ContentCallback($0, userData: userData).content }
        // VT switching takes SIGUSR1 and SIGUSR2 through a signalfd.
        SignalWatcher.block([.user1, .user2])
        let screen = HUDScreen(stack: stack.stack, options: options)
        do {
            try screen.start()
        } catch {
            throw CAPIError(.noDisplay, "\(error)")
        }
        // Until the first picture is up, or the screen gives up (cardWait), run the loop here.
        let outcome = Mutex<HUDScreenError??>(nil)
        screen.whenShowing { failure in outcome.withLock { $0 = .some(failure) } }
        var pollFD = pollfd(fd: stack.loop.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while outcome.withLock({ $0 }) == nil {
            _ = poll(&pollFD, 1, 100)
            stack.loop.dispatch()
        }
        if case .some(.some(let failure)) = outcome.withLock({ $0 }) {
            screen.stop(retainPicture: false)
            throw CAPIError(.noDisplay, "\(failure)")
        }
        let handle = HandleRegistry.register(EmbeddedScreen(owner: stack, screen: screen), as: .screen)
        stack.screen = handle
        out.pointee = handle
    }
}

@_cdecl("kh_screen_is_settled")
public func kh_screen_is_settled(_ handle: OpaquePointer?, _ settled: UnsafeMutablePointer<Int32>?) -> Int32 {
    capiCall("kh_screen_is_settled") { () throws(CAPIError) in
        let screen = try HandleRegistry.object(handle, .screen, as: EmbeddedScreen.self)
        try screen.owner.checkThread("kh_screen_is_settled")
        guard let settled else { throw CAPIError(.invalidArgument, "settled is NULL") }
        settled.pointee = screen.screen.isSettled ? 1 : 0
    }
}

@_cdecl("kh_screen_get_frame_count")
public func kh_screen_get_frame_count(_ handle: OpaquePointer?, _ frames: UnsafeMutablePointer<UInt64>?) -> Int32 {
    capiCall("kh_screen_get_frame_count") { () throws(CAPIError) in
        let screen = try HandleRegistry.object(handle, .screen, as: EmbeddedScreen.self)
        try screen.owner.checkThread("kh_screen_get_frame_count")
        guard let frames else { throw CAPIError(.invalidArgument, "frames is NULL") }
        frames.pointee = UInt64(max(screen.screen.framesDrawn, 0))
    }
}

@_cdecl("kh_screen_close")
public func kh_screen_close(_ handle: OpaquePointer?) -> Int32 {
    guard let handle else { return KHStatus.ok.rawValue }
    return capiCall("kh_screen_close") { () throws(CAPIError) in
        let screen = try HandleRegistry.object(handle, .screen, as: EmbeddedScreen.self)
        try screen.owner.checkThread("kh_screen_close")
        screen.screen.stop(retainPicture: false)
        screen.owner.screenClosed()
        HandleRegistry.unregister(handle, as: EmbeddedScreen.self)
    }
}
