import Glibc
import Testing
@testable import HUDKMS

/// `card*` nodes are found in numeric order; render nodes and strays are not cards.
@Test func cardFinderListsCardsInNumericOrder() throws {
    var template = Array("/tmp/kioskhud-cards-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    let dir = String(cString: try #require(made))
    defer {
        for name in ["card10", "card2", "card0", "renderD128", "cardX", "card"] { unlink("\(dir)/\(name)") }
        rmdir(dir)
    }
    for name in ["card10", "card2", "card0", "renderD128", "cardX", "card"] {
        let fd = open("\(dir)/\(name)", O_CREAT | O_WRONLY, 0o600)
        #expect(fd >= 0)
        close(fd)
    }
    #expect(CardFinder(directory: dir).candidates() == ["\(dir)/card0", "\(dir)/card2", "\(dir)/card10"])
    #expect(CardFinder(directory: "\(dir)/missing").candidates().isEmpty)
}
