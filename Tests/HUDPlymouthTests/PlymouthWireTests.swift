import HUDPlymouth
import Testing

@Suite struct PlymouthWireTests {
    @Test func replyBytes() {
        #expect(PlymouthReply.ack.encoded == [0x06])
        #expect(PlymouthReply.nak.encoded == [0x15])
        #expect(PlymouthReply.noAnswer.encoded == [0x05])
        #expect(PlymouthReply.answer("pw").encoded == [0x02, 2, 0, 0, 0, 0x70, 0x77])
        #expect(PlymouthReply.answer("").encoded == [0x02, 0, 0, 0, 0])
        #expect(PlymouthReply.multipleAnswers(["a", "bc"]).encoded == [0x09, 5, 0, 0, 0, 0x61, 0, 0x62, 0x63, 0])
        // None: plymouthd says NO_ANSWER (its client asserts a size above 0).
        #expect(PlymouthReply.multipleAnswers([]).encoded == [0x05])
    }

    @Test func lengthIsLittleEndian() {
        let long = String(repeating: "x", count: 0x0102)
        #expect(Array(PlymouthReply.answer(long).encoded.prefix(5)) == [0x02, 0x02, 0x01, 0, 0])
    }

    /// The bytes Plymouth's client writes (ply-boot-client.c: "%s\002%c%s" and its NUL).
    @Test func requestBytesAsPlymouthsClient() {
        #expect(PlymouthRequest.ping.encoded == [0x50, 0])
        #expect(PlymouthRequest.quit(retainSplash: false).encoded == [0x51, 2, 1, 0])
        #expect(PlymouthRequest.quit(retainSplash: true).encoded == [0x51, 2, 2, 1, 0])
        #expect(PlymouthRequest.systemUpdate(percent: 40).encoded == [0x75, 2, 3, 0x34, 0x30, 0])
        #expect(PlymouthRequest.changeMode(.systemUpgrade).encoded == [0x43, 2, 15] + Array("system-upgrade".utf8) + [0])
        #expect(PlymouthRequest.watchKeystroke(keys: nil).encoded == [0x4b, 0])
    }

    @Test func overlongArgumentIsCutToFit() {
        let wire = PlymouthRequest.updateStatus(String(repeating: "a", count: 400)).encoded
        #expect(wire.count == PlymouthRequestParser.maxRequestBytes)
        #expect(wire[2] == 255)
        #expect(wire.last == 0)
    }

    /// Every request survives encode → parse.
    @Test func roundTrip() {
        let all: [PlymouthRequest] = [
            .ping, .updateStatus("a b"), .changeMode(.firmwareUpgrade), .systemUpdate(percent: 7), .systemInitialized, .error,
            .showSplash, .hideSplash, .deactivate, .reactivate, .quit(retainSplash: true), .quit(retainSplash: false),
            .newRoot("/root"), .hasActiveVT, .pauseProgress, .unpauseProgress, .password(prompt: nil), .password(prompt: "p"),
            .question(prompt: "q"), .cachedPasswords, .showMessage("m"), .hideMessage("m"), .watchKeystroke(keys: "yn"),
            .ignoreKeystroke(keys: nil),
        ]
        var parser = PlymouthRequestParser()
        var out: [PlymouthRequest] = []
        parser.feed(all.flatMap(\.encoded)) { if case .success(let r) = $0 { out.append(r) } }
        #expect(out == all)
        #expect(Set(all.map(\.command)).count == 22)
    }

    @Test func errorsNameTheBadInput() {
        #expect(PlymouthWireError.badSeparator(command: 0x50, byte: 0xff).description == "command 0x50 'P' followed by 0xff, not 0x00 or 0x02")
        #expect(PlymouthWireError.unknownCommand(0x01).description == "unknown command 0x01")
        #expect(PlymouthWireError.unknownMode("a\u{1b}b").description == "change-mode to unknown mode \"a\\u{1B}b\" ignored")
    }
}
