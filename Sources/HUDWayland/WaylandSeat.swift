internal import CLazyWayland
internal import CWayland
import Glibc
import HUDInput

/// One `wl_seat`: its pointer (left button) and touch (first finger), turned
/// into `WaylandPointerEvent`s on our surfaces, and its keyboard's keys
/// (through the compositor's keymap) while one of our surfaces has keyboard
/// focus, which the compositor gives only while a prompt asks for keys.
final class WaylandSeat {
    private let seat: WaylandProxy
    private var seatEvents: WaylandEvents!
    private var pointer: (proxy: WaylandProxy, events: WaylandEvents)?
    private var touch: (proxy: WaylandProxy, events: WaylandEvents)?
    private var keyboard: (proxy: WaylandProxy, events: WaylandEvents)?
    private var keymap: Keymap?
    /// Whether one of our surfaces has the keyboard's focus.
    private var keyboardFocused = false
    private let deliver: (WaylandPointerEvent) -> Void
    /// Keys typed into our surfaces.
    var onKey: ((KeyPress) -> Void)?
    /// Something went wrong with the keyboard (its keymap), said once per keymap.
    var onKeyboardError: ((String) -> Void)?
    /// Whether the seat has a keyboard now.
    var hasKeyboard: Bool { keyboard != nil }
    /// Where the pointer is: its surface and position.
    private var focus: (surface: OpaquePointer, x: Double, y: Double)?
    private var pressed = false
    /// The finger being followed and where it went down.
    private var finger: (id: Int32, surface: OpaquePointer, x: Double, y: Double)?

    init(_ seat: WaylandProxy, deliver: @escaping (WaylandPointerEvent) -> Void) {
        self.seat = seat
        self.deliver = deliver
        seatEvents = WaylandEvents { [unowned self] opcode, args in
            if opcode == 0, let args { self.capabilities(args[0].u) }  // capabilities
        }
        seat.listen(seatEvents)
    }

    private func capabilities(_ caps: UInt32) {
        let hasPointer = caps & 1 != 0, hasKeyboard = caps & 2 != 0, hasTouch = caps & 4 != 0
        if hasKeyboard, keyboard == nil, let k = seat.request(1, [.newID], creating: WaylandInterface.keyboard) {
            let events = WaylandEvents { [unowned self] opcode, args in self.keyboardEvent(opcode, args) }
            k.listen(events)
            keyboard = (k, events)
        } else if !hasKeyboard, let k = keyboard {
            release(k.proxy, releaseOpcode: 0)
            keyboard = nil
            keymap = nil
            keyboardFocused = false
        }
        if hasPointer, pointer == nil, let p = seat.request(0, [.newID], creating: WaylandInterface.pointer) {
            let events = WaylandEvents { [unowned self] opcode, args in self.pointerEvent(opcode, args) }
            p.listen(events)
            pointer = (p, events)
        } else if !hasPointer, let p = pointer {
            release(p.proxy)
            pointer = nil
        }
        if hasTouch, touch == nil, let t = seat.request(2, [.newID], creating: WaylandInterface.touch) {
            let events = WaylandEvents { [unowned self] opcode, args in self.touchEvent(opcode, args) }
            t.listen(events)
            touch = (t, events)
        } else if !hasTouch, let t = touch {
            release(t.proxy)
            touch = nil
        }
    }

    /// wl_pointer and wl_touch have `release` (opcode 1) from version 3, wl_keyboard (opcode 0) too.
    private func release(_ proxy: WaylandProxy, releaseOpcode: UInt32 = 1) {
        if proxy.version >= 3 { proxy.request(releaseOpcode, destroying: true) } else { proxy.destroy() }
    }

    private func keyboardEvent(_ opcode: UInt32, _ args: UnsafeMutablePointer<wl_argument>?) {
        guard let args else { return }
        switch opcode {
        case 0:  // keymap(format, fd, size): ours to close
            let fd = args[1].h
            defer { close(fd) }
            keymap = nil
            guard args[0].u == 1 else { return }  // xkb_v1; 0 is "no keymap"
            let size = Int(args[2].u)
            guard size > 0, let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else {
                onKeyboardError?("the compositor's keymap (\(size) bytes) could not be mapped: \(String(cString: strerror(errno)))")
                return
            }
            defer { munmap(map, size) }
            // The text ends with a NUL within `size`.
            let bytes = UnsafeRawBufferPointer(start: map, count: size)
            let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            do { keymap = try Keymap(text: text) } catch { onKeyboardError?("\(error)") }
        case 1: keyboardFocused = true  // enter(serial, surface, keys): only our surfaces get it
        case 2: keyboardFocused = false  // leave
        case 3:  // key(serial, time, key, state)
            guard keyboardFocused, let keymap else { return }
            onKey?(keymap.translate(code: args[2].u, args[3].u == 1 ? .pressed : .released))
        case 4:  // modifiers(serial, depressed, latched, locked, group)
            keymap?.updateModifiers(depressed: args[1].u, latched: args[2].u, locked: args[3].u, group: args[4].u)
        default: break
        }
    }

    private func pointerEvent(_ opcode: UInt32, _ args: UnsafeMutablePointer<wl_argument>?) {
        guard let args else { return }
        switch opcode {
        case 0:  // enter(serial, surface, x, y)
            guard let surface = args[1].o else { return }
            focus = (surface, kiosk_wl_fixed_to_double(args[2].f), kiosk_wl_fixed_to_double(args[3].f))
        case 1:  // leave(serial, surface)
            if pressed { deliver(.cancelled) }
            pressed = false
            focus = nil
        case 2:  // motion(time, x, y)
            guard let f = focus else { return }
            focus = (f.surface, kiosk_wl_fixed_to_double(args[1].f), kiosk_wl_fixed_to_double(args[2].f))
            if pressed, let f = focus { deliver(.moved(surface: f.surface, x: f.x, y: f.y)) }
        case 3:  // button(serial, time, button, state): BTN_LEFT is 0x110
            guard args[2].u == 0x110, let f = focus else { return }
            if args[3].u == 1 {
                pressed = true
                deliver(.down(surface: f.surface, x: f.x, y: f.y))
            } else if pressed {
                pressed = false
                deliver(.up(surface: f.surface, x: f.x, y: f.y))
            }
        default: break
        }
    }

    private func touchEvent(_ opcode: UInt32, _ args: UnsafeMutablePointer<wl_argument>?) {
        guard let args else { return }
        switch opcode {
        case 0:  // down(serial, time, surface, id, x, y)
            guard finger == nil, let surface = args[2].o else { return }
            let f = (id: args[3].i, surface: surface, x: kiosk_wl_fixed_to_double(args[4].f),
                     y: kiosk_wl_fixed_to_double(args[5].f))
            finger = f
            deliver(.down(surface: f.surface, x: f.x, y: f.y))
        case 1:  // up(serial, time, id)
            guard let f = finger, f.id == args[2].i else { return }
            finger = nil
            deliver(.up(surface: f.surface, x: f.x, y: f.y))
        case 2:  // motion(time, id, x, y)
            guard let f = finger, f.id == args[1].i else { return }
            finger = (f.id, f.surface, kiosk_wl_fixed_to_double(args[2].f), kiosk_wl_fixed_to_double(args[3].f))
            deliver(.moved(surface: f.surface, x: finger!.x, y: finger!.y))
        case 4:  // cancel
            if finger != nil { deliver(.cancelled) }
            finger = nil
        default: break
        }
    }

    /// The seat went away (`global_remove`).
    func release() {
        if let p = pointer { release(p.proxy) }
        if let t = touch { release(t.proxy) }
        if let k = keyboard { release(k.proxy, releaseOpcode: 0) }
        pointer = nil
        touch = nil
        keyboard = nil
        if seat.version >= 5 { seat.request(3, destroying: true) } else { seat.destroy() }
    }
}
