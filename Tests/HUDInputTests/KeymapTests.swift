import HUDInput
import HUDSystem
import Testing

/// A real keymap from xkeyboard-config (Debian's xkb-data, installed by scripts/install-deps.sh).
@Suite struct KeymapTests {
    // Linux key codes (linux/input-event-codes.h).
    let esc: UInt32 = 1, backspace: UInt32 = 14, tab: UInt32 = 15, enter: UInt32 = 28, ctrl: UInt32 = 29
    let shift: UInt32 = 42, a: UInt32 = 30, b: UInt32 = 48, c: UInt32 = 46, y: UInt32 = 21
    let up: UInt32 = 103, left: UInt32 = 105, right: UInt32 = 106, down: UInt32 = 108

    func tap(_ keymap: Keymap, _ code: UInt32) -> KeyPress {
        let press = keymap.translate(code: code, .pressed)
        _ = keymap.translate(code: code, .released)
        return press
    }

    @Test func printableKeysTypeTheirTextInUS() throws {
        let keymap = try Keymap()
        let press = tap(keymap, a)
        #expect(press.text == "a")
        #expect(press.key == .symbol("a"))
        #expect(press.modifiers.isEmpty)
        #expect(!press.isControlC)
    }

    @Test func shiftMakesTheNextLetterUpperCaseUntilReleased() throws {
        let keymap = try Keymap()
        #expect(keymap.translate(code: shift, .pressed).text == nil)
        let upper = tap(keymap, b)
        #expect(upper.text == "B")
        #expect(upper.key == .symbol("B"))
        #expect(upper.modifiers == .shift)
        _ = keymap.translate(code: shift, .released)
        #expect(tap(keymap, b).text == "b")
    }

    @Test func namedKeysHaveNamesAndNoText() throws {
        let keymap = try Keymap()
        let expected: [(UInt32, Key)] = [(enter, .enter), (backspace, .backspace), (esc, .escape), (tab, .tab),
                                         (up, .up), (down, .down), (left, .left), (right, .right)]
        for (code, key) in expected {
            let press = tap(keymap, code)
            #expect(press.key == key, "code \(code)")
            #expect(press.text == nil, "code \(code)")
        }
    }

    @Test func controlCIsRecognisedAndTypesNothing() throws {
        let keymap = try Keymap()
        _ = keymap.translate(code: ctrl, .pressed)
        let press = tap(keymap, c)
        #expect(press.isControlC)
        #expect(press.text == nil)
        #expect(press.modifiers.contains(.control))
        _ = keymap.translate(code: ctrl, .released)
        let plain = tap(keymap, c)
        #expect(!plain.isControlC)
        #expect(plain.text == "c")
    }

    @Test func releasesTypeNothing() throws {
        let keymap = try Keymap()
        _ = keymap.translate(code: a, .pressed)
        let release = keymap.translate(code: a, .released)
        #expect(release.state == .released)
        #expect(release.text == nil)
    }

    @Test func theLayoutDecidesWhatAKeyTypes() throws {
        #expect(tap(try Keymap(), y).text == "y")
        let german = try Keymap(layout: KeyboardLayout(layout: "de"))
        #expect(tap(german, y).text == "z")
        let french = try Keymap(layout: KeyboardLayout(layout: "fr"))
        #expect(tap(french, a).text == "q")
    }

    @Test func anUnknownLayoutIsASystemErrorNamingTheCall() {
        do {
            _ = try Keymap(layout: KeyboardLayout(layout: "no-such-layout"))
            Issue.record("compiled a keymap for a layout that does not exist")
        } catch {
            #expect(error.call == "xkb_keymap_new_from_names")
            #expect(error.subject.contains("no-such-layout"))
        }
    }

    @Test func noKeymapFilesIsASystemErrorToo() {
        #expect(throws: SystemError.self) { try Keymap(includePath: "/nonexistent-xkb") }
    }

    /// A keymap as a Wayland compositor hands it over: text in xkb's format (here its includes, resolved from xkb-data).
    let keymapText = """
        xkb_keymap {
            xkb_keycodes { include "evdev" };
            xkb_types { include "complete" };
            xkb_compat { include "complete" };
            xkb_symbols { include "pc+us" };
        };
        """

    @Test func aKeymapGivenAsTextTypesItsKeys() throws {
        let keymap = try Keymap(text: keymapText)
        #expect(keymap.layout == nil)
        #expect(tap(keymap, a).text == "a")
        #expect(tap(keymap, enter).key == .enter)
    }

    @Test func theCompositorsModifiersOverrideTheKeysSeen() throws {
        let keymap = try Keymap(text: keymapText)
        keymap.updateModifiers(depressed: 1, latched: 0, locked: 0, group: 0)  // Shift, as wl_keyboard.modifiers says it
        #expect(tap(keymap, b).text == "B")
        keymap.updateModifiers(depressed: 0, latched: 0, locked: 0, group: 0)
        #expect(tap(keymap, b).text == "b")
    }

    @Test func textThatIsNoKeymapIsASystemErrorNamingTheCall() {
        do {
            _ = try Keymap(text: "not a keymap")
            Issue.record("compiled a keymap from text that is none")
        } catch {
            #expect(error.call == "xkb_keymap_new_from_string")
        }
    }
}
