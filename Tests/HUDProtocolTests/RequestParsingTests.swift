import HUDProtocol
import Testing

private func parse(_ s: String) throws(ProtocolError) -> Request { try Request.parse(Array(s.utf8)) }

private func code(_ s: String) -> ErrorCode? {
    do {
        _ = try parse(s)
        return nil
    } catch {
        return error.code
    }
}

@Suite struct RequestParsingTests {
    @Test func simpleVerbs() throws {
        #expect(try parse("ping") == .ping)
        #expect(try parse("status") == .status)
        #expect(try parse("reload") == .reload)
        #expect(try parse("  ping  ") == .ping)
        #expect(try parse("ping\r") == .ping)
        #expect(try parse("quit") == .quit(retain: false))
        #expect(try parse("quit retain=true") == .quit(retain: true))
        #expect(try parse("hello protocol=1") == .hello(protocolVersion: 1))
    }

    @Test func errorsSayWhereAndWhat() {
        func reason(_ bytes: [UInt8]) -> String {
            do { _ = try Request.parse(bytes); return "" } catch { return error.reason }
        }
        #expect(reason(Array("message text=caf".utf8) + [0xC3]) == "message is not valid UTF-8 (from byte 16: byte 0xc3)")
        let tab = reason(Array("message text=a\tb".utf8))
        #expect(tab.contains("control character byte 0x9") && tab.contains("\\t"))
        #expect(!reason(Array("message text=\"a\u{1}b\"".utf8)).contains("byte byte"))
        #expect(reason(Array(#"message text=a"b"#.utf8)).contains(#"escape it as \""#))
    }

    @Test func newrootNeedsAnAbsoluteDirectory() throws {
        #expect(try parse("newroot dir=/root") == .newroot(directory: "/root"))
        #expect(try parse(#"newroot dir="/mnt/real root""#) == .newroot(directory: "/mnt/real root"))
        #expect(code("newroot") == .missingKey)
        #expect(code("newroot dir=root") == .badValue)
        #expect(code("newroot dir=/root extra=1") == .unknownKey)
        let r = Request.newroot(directory: "/mnt/real root")
        #expect(try Request.parse(Array(r.encoded().utf8.dropLast())) == r)
    }

    @Test func showWithEveryKey() throws {
        let r = try parse(#"show mode=ring label="Updating firmware" details="line 1\nline \"2\"" progress=42.5 grace=0.5 min-show=1 animation=zoom-in animated=false"#)
        #expect(r == .show(HUDSettings(mode: .ring, label: "Updating firmware", details: "line 1\nline \"2\"",
                                       progressPercent: 42.5, graceSeconds: 0.5, minShowSeconds: 1,
                                       animation: .zoomIn, animated: false)))
    }

    @Test func modeAliasesAndImage() throws {
        #expect(try parse("show mode=spinner") == .show(HUDSettings(mode: .indeterminate)))
        #expect(try parse("show mode=pie") == .show(HUDSettings(mode: .determinate)))
        #expect(try parse("show mode=annular") == .show(HUDSettings(mode: .ring)))
        #expect(try parse("show mode=image image=/usr/share/logo.png") == .show(HUDSettings(mode: .image, imagePath: "/usr/share/logo.png")))
        #expect(code("show mode=image") == .missingKey)
        #expect(code("show image=logo.png") == .badValue)
    }

    @Test func utf8Labels() throws {
        #expect(try parse("message text=\"正在更新固件…\"") == .message("正在更新固件…"))
        #expect(try parse("message text=日本語") == .message("日本語"))
        #expect(try parse("show label=\"\"") == .show(HUDSettings(label: "")))
        #expect(try parse("show label=") == .show(HUDSettings(label: "")))
    }

    @Test func rangesAreChecked() {
        #expect(code("progress percent=100") == nil)
        #expect(code("progress percent=0") == nil)
        #expect(code("progress percent=100.01") == .badValue)
        #expect(code("progress percent=-1") == .badValue)
        #expect(code("progress percent=nan") == .badValue)
        #expect(code("progress percent=inf") == .badValue)
        #expect(code("progress percent=1e2") == .badValue)
        #expect(code("progress percent=0x10") == .badValue)
        #expect(code("progress percent=1.2.3") == .badValue)
        #expect(code("show grace=60.5") == .badValue)
        #expect(code("show min-show=-0.1") == .badValue)
        #expect(code("hide after=3601") == .badValue)
        #expect(code("hide animated=maybe") == .badValue)
        #expect(code("hello protocol=99999999999") == .badValue)
        #expect(code("show mode=sparkles") == .badValue)
        #expect(code("show animation=spin") == .badValue)
    }

    @Test func textLimits() {
        let long = String(repeating: "a", count: ProtocolLimits.maxLabelBytes + 1)
        #expect(code("message text=\(long)") == .badValue)
        #expect(code("message text=\(long.dropLast())") == nil)
        #expect(code(#"show label="two\nlines""#) == .badValue)
        #expect(code(#"show details="two\nlines""#) == nil)
    }

    @Test func keysAreChecked() {
        #expect(code("ping extra=1") == .unknownKey)
        #expect(code("show colour=red") == .unknownKey)
        #expect(code("show label=a label=b") == .duplicateKey)
        #expect(code("progress") == .missingKey)
        #expect(code("message") == .missingKey)
        #expect(code("update") == .missingKey)
        #expect(code("hello") == .missingKey)
    }

    @Test func grammarErrors() {
        #expect(code("") == .syntax)
        #expect(code("   ") == .syntax)
        #expect(code("PING") == .syntax)
        #expect(code("frobnicate") == .unknownCommand)
        #expect(code("show label") == .syntax)
        #expect(code("show =x") == .syntax)
        #expect(code(#"show label="open"#) == .syntax)
        #expect(code(#"show label="bad \q escape""#) == .syntax)
        #expect(code(#"show label=a"b"#) == .syntax)
        #expect(code("show label=\"x\"y") == .syntax)
        #expect(code("show label=a\tb") == .syntax)
        #expect(code("show\u{7F}") == .syntax)
    }

    @Test func invalidUTF8AndLength() {
        #expect(throws: ProtocolError.self) { try Request.parse([0x70, 0x69, 0x6E, 0x67, 0x20, 0xFF]) }
        do {
            _ = try Request.parse(Array("message text=".utf8) + [0xC3, 0x28])
            Issue.record("accepted invalid UTF-8")
        } catch {
            #expect(error.code == .badUTF8)
        }
        let huge = Array("message text=".utf8) + [UInt8](repeating: 0x61, count: ProtocolLimits.maxLineBytes)
        #expect(throws: ProtocolError(.tooLong, "message of \(huge.count) bytes exceeds \(ProtocolLimits.maxLineBytes - 1)")) {
            try Request.parse(huge)
        }
    }

    @Test func errorReasonsNameTheProblem() {
        do {
            _ = try parse("progress percent=250")
            Issue.record("accepted 250 %")
        } catch {
            #expect(error.reason.contains("percent"))
            #expect(error.reason.contains("250"))
        }
        do {
            _ = try parse("show colour=red")
            Issue.record("accepted an unknown key")
        } catch {
            #expect(error.reason.contains("colour"))
        }
    }
}
