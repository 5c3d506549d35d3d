import Glibc
import CSDBus
import CLazyBus
import HUDUpdates

/// The D-Bus side of `hud follow rauc`, through sd-bus (libsystemd, loaded
/// on first use by CLazyBus): a connection to the system bus or to an
/// address, the match rules for RAUC's signals, `GetAll` of its Installer
/// properties, and the signals as `RAUCBus.Signal`s. The only place that
/// calls sd-bus.
final class RAUCBus {
    static let service = "de.pengutronix.rauc"
    static let interface = "de.pengutronix.rauc.Installer"

    /// What arrived on the bus that the follower cares about.
    enum Signal {
        case properties(RAUCProperties)
        case completed(Int32)
        /// RAUC's name got an owner (true) or lost it (false).
        case serviceOwner(Bool)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private var bus: OpaquePointer?
    let name: String

    /// Connects to `address` (a D-Bus address, e.g. `unix:path=/run/bus`), or the system bus
    /// (`$DBUS_SYSTEM_BUS_ADDRESS`, else /run/dbus/system_bus_socket).
    init(address: String?) throws(Failure) {
        if let missing = kiosk_bus_try_load() { throw Failure(description: String(cString: missing)) }
        name = address ?? "the system bus"
        var b: OpaquePointer?
        if let address {
            try Self.check(sd_bus_new(&b), "sd_bus_new")
            bus = b
            try Self.check(sd_bus_set_address(b, address), "D-Bus address '\(address)'")
            try Self.check(sd_bus_set_bus_client(b, 1), "sd_bus_set_bus_client")
            try Self.check(sd_bus_start(b), "connecting to \(address)")
        } else {
            try Self.check(sd_bus_open_system(&b), "connecting to the system bus")
            bus = b
        }
        for rule in ["type='signal',sender='\(Self.service)',path='/',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',arg0='\(Self.interface)'",
                     "type='signal',sender='\(Self.service)',path='/',interface='\(Self.interface)',member='Completed'",
                     "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(Self.service)'"] {
            try Self.check(sd_bus_add_match(b, nil, rule, nil, nil), "adding the match \(rule)")
        }
    }

    deinit { _ = sd_bus_flush_close_unref(bus) }

    /// RAUC's Installer properties now.
    /// - Throws: `Failure` when RAUC is not on the bus (or answers with an error).
    func properties() throws(Failure) -> RAUCProperties {
        var call: OpaquePointer?
        try Self.check(sd_bus_message_new_method_call(bus, &call, Self.service, "/", "org.freedesktop.DBus.Properties", "GetAll"), "GetAll")
        defer { sd_bus_message_unref(call) }
        try Self.check(Self.interface.withCString { sd_bus_message_append_basic(call, Self.type("s"), $0) }, "GetAll")
        var error = sd_bus_error(name: nil, message: nil, _need_free: 0)
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        let r = sd_bus_call(bus, call, 5_000_000, &error, &reply)
        defer { sd_bus_message_unref(reply) }
        guard r >= 0 else {
            let why = error.message.map { String(cString: $0) } ?? String(cString: strerror(-r))
            throw Failure(description: "RAUC (\(Self.service)) on \(name): \(why)")
        }
        return try Self.readProperties(reply)
    }

    /// Waits for the next signal RAUC's rules match.
    /// - Throws: `Failure` when the connection to the bus is lost.
    func nextSignal() throws(Failure) -> Signal {
        while true {
            var message: OpaquePointer?
            let r = sd_bus_process(bus, &message)
            try Self.check(r, "reading \(name)")
            if let message {
                defer { sd_bus_message_unref(message) }
                if let signal = try Self.signal(message) { return signal }
                continue
            }
            if r > 0 { continue }
            try Self.check(sd_bus_wait(bus, UInt64.max), "waiting on \(name)")
        }
    }

    private static func signal(_ m: OpaquePointer) throws(Failure) -> Signal? {
        if sd_bus_message_is_signal(m, "org.freedesktop.DBus.Properties", "PropertiesChanged") > 0 {
            var interface: UnsafePointer<CChar>?
            try check(sd_bus_message_read_basic(m, type("s"), &interface), "PropertiesChanged")
            guard let interface, String(cString: interface) == Self.interface else { return nil }
            return .properties(try readProperties(m))
        }
        if sd_bus_message_is_signal(m, Self.interface, "Completed") > 0 {
            var result: Int32 = 0
            try check(sd_bus_message_read_basic(m, type("i"), &result), "Completed")
            return .completed(result)
        }
        if sd_bus_message_is_signal(m, "org.freedesktop.DBus", "NameOwnerChanged") > 0 {
            var name: UnsafePointer<CChar>?, old: UnsafePointer<CChar>?, new: UnsafePointer<CChar>?
            try check(sd_bus_message_read_basic(m, type("s"), &name), "NameOwnerChanged")
            try check(sd_bus_message_read_basic(m, type("s"), &old), "NameOwnerChanged")
            try check(sd_bus_message_read_basic(m, type("s"), &new), "NameOwnerChanged")
            guard let name, String(cString: name) == service else { return nil }
            return .serviceOwner(new.map { $0.pointee != 0 } ?? false)
        }
        return nil
    }

    /// An `a{sv}` of the Installer's properties (GetAll's answer, PropertiesChanged's second argument).
    private static func readProperties(_ m: OpaquePointer?) throws(Failure) -> RAUCProperties {
        var p = RAUCProperties()
        try check(sd_bus_message_enter_container(m, type("a"), "{sv}"), "properties")
        while try check(sd_bus_message_enter_container(m, type("e"), "sv"), "a property") > 0 {
            var key: UnsafePointer<CChar>?
            try check(sd_bus_message_read_basic(m, type("s"), &key), "a property's name")
            switch key.map({ String(cString: $0) }) {
            case "Operation": p.operation = try readStringVariant(m)
            case "LastError": p.lastError = try readStringVariant(m)
            case "Progress":
                try check(sd_bus_message_enter_container(m, type("v"), "(isi)"), "Progress")
                try check(sd_bus_message_enter_container(m, type("r"), "isi"), "Progress")
                var percent: Int32 = 0, depth: Int32 = 0
                var text: UnsafePointer<CChar>?
                try check(sd_bus_message_read_basic(m, type("i"), &percent), "Progress")
                try check(sd_bus_message_read_basic(m, type("s"), &text), "Progress")
                try check(sd_bus_message_read_basic(m, type("i"), &depth), "Progress")
                try check(sd_bus_message_exit_container(m), "Progress")
                try check(sd_bus_message_exit_container(m), "Progress")
                p.progress = RAUCProgress(percent: Int(percent), message: text.map { String(cString: $0) } ?? "", depth: Int(depth))
            default:
                try check(sd_bus_message_skip(m, "v"), "a property")
            }
            try check(sd_bus_message_exit_container(m), "a property")
        }
        try check(sd_bus_message_exit_container(m), "properties")
        return p
    }

    private static func readStringVariant(_ m: OpaquePointer?) throws(Failure) -> String {
        try check(sd_bus_message_enter_container(m, type("v"), "s"), "a text property")
        var text: UnsafePointer<CChar>?
        try check(sd_bus_message_read_basic(m, type("s"), &text), "a text property")
        try check(sd_bus_message_exit_container(m), "a text property")
        return text.map { String(cString: $0) } ?? ""
    }

    private static func type(_ c: Unicode.Scalar) -> CChar { CChar(UInt8(ascii: c)) }

    @discardableResult
    private static func check(_ r: Int32, _ what: String) throws(Failure) -> Int32 {
        guard r >= 0 else { throw Failure(description: "\(what): \(String(cString: strerror(-r)))") }
        return r
    }
}
