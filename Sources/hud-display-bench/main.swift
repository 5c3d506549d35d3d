// Per-frame CPU of the display path's user-space part on this machine, with
// no DRM device: HUDStack snapshot + damage-only paint (on the loop's thread,
// as the FrameLoop does it) into two 1280x800
// XRGB8888 buffers in memory, alternating as a double-buffered output would.
// Prints microseconds per frame for each case; commits and the
// kernel's share are measured in the VM by board/qemu/measure.sh.
#if canImport(Glibc)
import Glibc
#endif
import HUDCore
import HUDKMS
import HUDRender

/// Progress over 10 s of the frame times the bench hands out.
final class Ramp: HUDProgressSource, Sendable {
    let time: Locked<HUDInstant>
    init(_ time: HUDInstant) { self.time = Locked(time) }
    func fractionCompleted() -> Double { Double(time.withLock { $0 }.nanoseconds % 10_000_000_000) / 1e10 }
}

func cpuMicroseconds() -> Double {
    var u = rusage()
    getrusage(Int32(RUSAGE_SELF.rawValue), &u)
    return Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e6 + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec)
}

let width = 1280, height = 800, frames = 600
let memory = (0..<2).map { _ in UnsafeMutableRawPointer.allocate(byteCount: width * height * 4, alignment: 64) }
let targets = memory.map { PixelBuffer(base: $0, width: width, height: height, stride: width * 4) }

func run(_ name: String, mode: HUDMode, ramp: Bool, fps: Int, painter makePainter: () throws -> (HUDSnapshot, Int) -> Void) async throws {
    let clock = ManualClock()
    let loop = try EventLoop(clock: clock)
    let stack = HUDStack(loop: loop)
    var c = HUDConfiguration()
    c.mode = mode
    c.label.text = "Loading"
    let hud = await stack.showHUD(c, animated: false)
    let progress = Ramp(clock.now())
    if ramp { await stack.setProgressSource(progress, for: hud) }
    let paint = try makePainter()
    // Warm up: both buffers' first full paint, labels ready.
    for i in 0..<4 {
        await loop.advance(by: .milliseconds(1000 / fps))
        progress.time.withLock { $0 = clock.now() }
        paint(await stack.snapshot(), i % 2)
    }
    // Measured on the loop's thread, as the FrameLoop runs a frame: the snapshot
    // (assumeIsolated) and the paint, no task hops between frames.
    nonisolated(unsafe) let paintOnLoop = paint
    let perFrame: Double = await withCheckedContinuation { done in
        loop.execute {
            let t0 = cpuMicroseconds()
            let start = clock.now()
            for i in 0..<frames {
                let t = start + .milliseconds((i + 1) * 1000 / fps)
                progress.time.withLock { $0 = t }
                paintOnLoop(stack.assumeIsolated { $0.snapshot(at: t) }, i % 2)
            }
            done.resume(returning: (cpuMicroseconds() - t0) / Double(frames))
        }
    }
    let percent = perFrame * Double(fps) / 1e4
    let hundredths = Int((percent * 100).rounded())
    let pct = "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    print("\(name): \(Int(perFrame)) µs per frame (snapshot + paint), \(pct)% of a core at \(fps) fps")
    loop.shutdown()
}

func renderer() throws -> (HUDSnapshot, Int) -> Void {
    let r = HUDRenderer(geometry: try ScreenGeometry(pixelWidth: width, pixelHeight: height))
    let buffers = targets
    var tracker = BufferDamageTracker(bufferCount: 2, width: width, height: height)
    return { s, i in
        tracker.frameChanged(r.update(to: s).damage)
        try? r.draw(into: buffers[i], region: tracker.regionToRepaint(buffer: i))
        tracker.bufferRepainted(i)
    }
}

try await run("ring, progress moving", mode: .annularDeterminate, ramp: true, fps: 30, painter: renderer)
try await run("spinner", mode: .indeterminate, ramp: false, fps: 30, painter: renderer)
