import HUDCore
import HUDPlymouth
import HUDProtocol

/// Plymouth's requests carried out on the daemon's HUD (`--plymouth`).
extension DaemonServer {
    /// Binds Plymouth's socket (or takes the one bound already,
    /// `boundPlymouthSocket`) and starts serving it. Like psplash's FIFO a
    /// convenience: when the name is taken (plymouthd runs) the daemon goes
    /// on without it, and says so — except as plymouthd, when it is the point.
    /// - Throws: `DaemonError` when it cannot be served and `options.actsAsPlymouthd`.
    func startPlymouth(name: String) throws(DaemonError) {
        let limits = { var l = PlymouthServer.Limits(); l.stallTimeout = options.stallTimeout; return l }()
        do throws(DaemonError) {
            let listener: UnixSocketListener
            if let bound = boundPlymouthSocket {
                boundPlymouthSocket = nil
                listener = UnixSocketListener(adopting: bound.fd, address: bound.address)
            } else {
                listener = try UnixSocketListener(abstractName: name)
            }
            let server = PlymouthServer(
                loop: loop, listener: listener, limits: limits,
                handle: { [weak self] request, peer in
                    self?.assumeIsolated { $0.plymouthAction(request, from: peer) } ?? .reply(.nak)
                },
                onQuit: { [weak self] retain in
                    self?.assumeIsolated { $0.stop(exitCode: 0, retainPicture: retain) }
                },
                // deactivate is ACKed once the display is released (plymouthd: once its renderers are deactivated).
                isIdle: { [weak self] in self?.assumeIsolated { !$0.output.holdsDisplay } ?? true },
                startReadingKeys: { [weak self] in self?.assumeIsolated { $0.output.startReadingKeys() } ?? false },
                ask: { [weak self] kind, message, answer in
                    self?.assumeIsolated { $0.controller.assumeIsolated { $0.ask(kind, message, answer: answer) } }
                },
                withdraw: { [weak self] ticket in
                    self?.assumeIsolated { $0.controller.stack.assumeIsolated { $0.withdrawPrompt(ticket) } }
                },
                log: log)
            var failure: DaemonError?
            server.assumeIsolated { server in
                do throws(DaemonError) { try server.start() } catch { failure = error }
            }
            if let failure { throw failure }
            plymouth = server
            // Keystroke watches see typed keys before any prompt, as in plymouthd.
            controller.stack.assumeIsolated { stack in
                stack.setKeystrokeObserver { [weak server] _, text in server?.assumeIsolated { $0.keyTyped(text) } ?? false }
            }
        } catch {
            if options.actsAsPlymouthd { throw error }
            log("Plymouth socket disabled: \(error)")
        }
    }

    /// What plymouthd would do with `request`, done on the HUD.
    func plymouthAction(_ request: PlymouthRequest, from peer: PeerCredentials) -> PlymouthAction {
        // Statuses, pause/unpause, system-initialized (and what clients set) reach the boot-progress estimate.
        defer { bootProgress?.assumeIsolated { $0.note(request) } }
        switch request {
        case .ping, .systemInitialized, .pauseProgress, .unpauseProgress:
            // The boot-progress estimate (BootProgress, in the defer above) takes these.
            return .reply(.ack)
        case .error:
            log("plymouth: boot error reported by \(peer)")
            return .reply(.ack)
        case .updateStatus(let status):
            controller.assumeIsolated { $0.setBootStatus(status) }
            return .reply(.ack)
        case .changeMode(let mode):
            controller.assumeIsolated { $0.setSplashMode(mode) }
            log("plymouth: mode \(mode)")
            return .reply(.ack)
        case .systemUpdate(let percent):
            controller.assumeIsolated { $0.hold(HUDSettings(progressPercent: Double(percent))) }
            return .reply(.ack)
        case .showMessage(let text):
            // An empty message clears the line (systemd's FIDO2 prompt relies on it).
            controller.assumeIsolated { $0.hold(HUDSettings(label: text)) }
            return .reply(.ack)
        case .hideMessage(let text):
            controller.assumeIsolated { c in
                if text.isEmpty || c.labelText == text { c.hold(HUDSettings(label: "")) }
            }
            return .reply(.ack)
        case .showSplash:
            controller.assumeIsolated { c in
                if !c.isUp { _ = c.handle(.show(HUDSettings())) }
            }
            return .reply(.ack)
        case .hideSplash:
            _ = controller.assumeIsolated { $0.handle(.hide(afterSeconds: nil, animated: true)) }
            return .reply(.ack)
        case .deactivate:
            // As plymouthd: drawing stops, the display, the VT and input are let go of; the sockets go on.
            log("plymouth: deactivate from \(peer): releasing the display")
            output.deactivate()
            return .deactivate
        case .reactivate:
            log("plymouth: reactivate from \(peer): taking the display back")
            output.reactivate()
            return .reply(.ack)
        case .quit(let retain):
            log("quit requested by \(peer) on Plymouth's socket\(retain ? " (retaining the picture)" : "")")
            return .quit(retainSplash: retain)
        case .newRoot(let directory) where options.actsAsPlymouthd:
            // As plymouthd: chroot into the real root before the switch (initramfs-tools' `plymouth --newroot`).
            if case .error(_, let reason) = moveRoot(to: directory) { log("plymouth: \(reason); ACKed, as plymouthd does") }
            return .reply(.ack)
        case .newRoot(let directory):
            log("plymouth: newroot \(RawLogValue.quote(directory)) ACKed; the daemon stays where it is ('hud newroot' moves it)")
            return .reply(.ack)
        case .hasActiveVT:
            return .reply(ForegroundVT.number() == 1 ? .ack : .nak)
        case .password(let prompt), .question(let prompt):
            let kind: HUDPromptKind = request.command == UInt8(ascii: "*") ? .password : .question
            // Input starts here, before the prompt is drawn (a progress-only boot never loads it).
            guard output.startReadingKeys() else {
                // As plymouthd with no splash to ask on: the client asks on its own.
                log("plymouth: \(kind) request from \(peer): no keys can be read (no --input, or it failed); answered NO_ANSWER")
                return .reply(.noAnswer)
            }
            log("plymouth: \(kind) prompt from \(peer)")
            return .ask(kind, message: prompt ?? (kind == .password ? "Password" : ""))
        case .cachedPasswords:
            // The passphrases typed so far (none: NO_ANSWER), for a second disk with the same one.
            return .reply(.multipleAnswers(controller.assumeIsolated { $0.typedPasswords }))
        case .watchKeystroke, .ignoreKeystroke:
            // PlymouthServer keeps the watches itself.
            return .reply(.ack)
        }
    }
}
