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
                log: log)
            var failure: DaemonError?
            server.assumeIsolated { server in
                do throws(DaemonError) { try server.start() } catch { failure = error }
            }
            if let failure { throw failure }
            plymouth = server
        } catch {
            if options.actsAsPlymouthd { throw error }
            log("Plymouth socket disabled: \(error)")
        }
    }

    /// What plymouthd would do with `request`, done on the HUD.
    func plymouthAction(_ request: PlymouthRequest, from peer: PeerCredentials) -> PlymouthAction {
        switch request {
        case .ping, .systemInitialized, .pauseProgress, .unpauseProgress:
            // Progress is not estimated from the boot (yet): nothing to pause.
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
        case .password, .question:
            // No input yet: as plymouthd with no prompt to show, the client asks on its own.
            log("plymouth: \(request.command == UInt8(ascii: "*") ? "password" : "question") request from \(peer): no prompt can be shown; answered NO_ANSWER")
            return .reply(.noAnswer)
        case .cachedPasswords:
            return .reply(.noAnswer)
        case .watchKeystroke, .ignoreKeystroke:
            // PlymouthServer keeps the watches itself.
            return .reply(.ack)
        }
    }
}
